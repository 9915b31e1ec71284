import { describe, expect, it } from 'vitest';
import { can, effectiveRole } from './roles.js';

const grants = { userId: 'u', ownerId: 'o', workspaceRole: null, collaboratorRole: null };

describe('effective role', () => {
  it('is owner for the survey owner and for an admin of its workspace', () => {
    expect(effectiveRole({ ...grants, userId: 'o' })).toBe('owner');
    expect(effectiveRole({ ...grants, workspaceRole: 'admin', collaboratorRole: 'viewer' })).toBe('owner');
  });
  it('is the share for anyone else, and none for a plain workspace member', () => {
    expect(effectiveRole({ ...grants, workspaceRole: 'member', collaboratorRole: 'analyst' })).toBe('analyst');
    expect(effectiveRole({ ...grants, workspaceRole: 'member' })).toBeNull();
  });
});

describe('the role table', () => {
  const table = {
    view: ['viewer', 'analyst', 'editor', 'owner'],
    view_responses: ['analyst', 'editor', 'owner'],
    edit: ['editor', 'owner'],
    manage: ['owner'],
  } as const;
  for (const [capability, allowed] of Object.entries(table)) {
    it(`lets exactly ${allowed.join(', ')} ${capability}`, () => {
      for (const role of ['viewer', 'analyst', 'editor', 'owner'] as const) {
        expect(can(role, capability as keyof typeof table)).toBe((allowed as readonly string[]).includes(role));
      }
      expect(can(null, capability as keyof typeof table)).toBe(false);
    });
  }
});
