import { describe, expect, it } from 'vitest';
import { userTable } from './users.js';

describe('userTable', () => {
  it('starts each column at the same place on every line, however long an email or name is', () => {
    const lines = userTable([
      { id: 'usr_a1', email: 'al@example.com', name: 'Al', disabled: true, ssoOnly: false },
      { id: 'usr_b22', email: 'someone.with.a.long.address@subsidiary.example.com', name: 'Bea Long-Name', disabled: false, ssoOnly: true },
      { id: 'usr_c3', email: 'cy@example.com', name: 'Cy', disabled: false, ssoOnly: false },
    ]);
    expect(lines).toEqual([
      'usr_a1   al@example.com                                      Al             (disabled)',
      'usr_b22  someone.with.a.long.address@subsidiary.example.com  Bea Long-Name  (sso only)',
      'usr_c3   cy@example.com                                      Cy',
    ]);
  });
});
