import { describe, expect, it } from 'vitest';
import { argumentsDigest, openConfirmation, sealConfirmation, sealingKey, type ConfirmationClaims } from './confirmation-seal.js';

const now = Date.parse('2026-07-28T10:00:00Z');
const claims: ConfirmationClaims = {
  userId: 'usr_1',
  clientId: 'https://client.example/metadata.json',
  tool: 'delete_question',
  argsDigest: argumentsDigest({ question_id: 'qst_1' }),
  surveyId: 'srv_1',
  mode: 'link',
  era: '2025-11-25',
  state: 'c3RhdGU',
  summary: 'Deleting question 1 "Why?" from survey "Scratch" cannot be undone.',
  id: '8d1f0c52-7c9c-4a57-b0a4-9f7c5a0d1e11',
  expiresAt: now + 300_000,
};
const key = sealingKey('the store secret');

describe('a sealed confirmation', () => {
  it('opens with the key it was sealed under, giving back every claim', async () => {
    const sealed = await sealConfirmation(key, claims);
    expect(sealed.split('.')).toHaveLength(5);
    expect(await openConfirmation(key, sealed, now)).toEqual({ claims });
  });

  it('hides what it binds: no claim can be read from it', async () => {
    const sealed = await sealConfirmation(key, claims);
    const readable = sealed.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1')).join(' ');
    for (const value of ['usr_1', 'srv_1', 'delete_question', 'client.example', 'Scratch', '2025-11-25']) expect(readable).not.toContain(value);
  });

  it('does not open when altered anywhere, under another secret, or when it is no seal at all', async () => {
    const sealed = await sealConfirmation(key, claims);
    const parts = sealed.split('.');
    for (let index = 0; index < parts.length; index += 1) {
      if (parts[index] === '') continue;
      const altered = [...parts];
      const part = altered[index]!;
      altered[index] = `${part.slice(0, -2)}${part.at(-2) === 'A' ? 'B' : 'A'}${part.at(-1)}`;
      expect(await openConfirmation(key, altered.join('.'), now), `part ${index}`).toEqual({ problem: 'does not open' });
    }
    expect(await openConfirmation(sealingKey('another secret'), sealed, now)).toEqual({ problem: 'does not open' });
    for (const junk of ['', 'x', 'a.b.c.d.e', '{}']) expect(await openConfirmation(key, junk, now)).toEqual({ problem: 'does not open' });
  });

  it('has expired from its deadline on', async () => {
    const sealed = await sealConfirmation(key, claims);
    expect(await openConfirmation(key, sealed, claims.expiresAt - 1000)).toEqual({ claims });
    expect(await openConfirmation(key, sealed, claims.expiresAt)).toEqual({ problem: 'has expired' });
  });

  it('is made anew each time: two seals of the same claims differ', async () => {
    expect(await sealConfirmation(key, claims)).not.toBe(await sealConfirmation(key, claims));
  });
});

describe('the arguments digest', () => {
  it('is the same whatever the order of keys, and differs with any value', () => {
    const a = argumentsDigest({ question_id: 'qst_1', choices: [{ id: 'c1', label: 'A' }], text: 'T' });
    expect(argumentsDigest({ text: 'T', choices: [{ label: 'A', id: 'c1' }], question_id: 'qst_1' })).toBe(a);
    expect(argumentsDigest({ question_id: 'qst_1', choices: [{ id: 'c1', label: 'B' }], text: 'T' })).not.toBe(a);
    expect(argumentsDigest({ question_id: 'qst_2' })).not.toBe(argumentsDigest({ question_id: 'qst_1' }));
  });
});
