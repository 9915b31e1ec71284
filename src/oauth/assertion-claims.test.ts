import { describe, expect, it } from 'vitest';
import { assertionClaimsProblem } from './assertion-claims.js';

const audiences = { issuer: 'https://surveys.example', tokenEndpoint: 'https://surveys.example/oauth/token' };
const now = 1_800_000_000;
const problem = (claims: Record<string, unknown>) => assertionClaimsProblem({ exp: now + 60, iat: now, ...claims }, audiences, now);

describe('the time and audience claims of a client assertion (RFC 7523bis)', () => {
  it('accepts the issuer, or the token endpoint, as a single string', () => {
    expect(problem({ aud: audiences.issuer })).toBeUndefined();
    expect(problem({ aud: audiences.tokenEndpoint })).toBeUndefined();
  });

  it('refuses an array, even one naming us, and names the claim', () => {
    expect(problem({ aud: ['https://other-as.example', audiences.issuer] })).toMatch(/^'aud' must be a single string.*an array .* is refused/);
    expect(problem({ aud: ['https://other-as.example/token', audiences.tokenEndpoint] })).toMatch(/^'aud' must be a single string/);
    expect(problem({ aud: [audiences.issuer] })).toMatch(/^'aud' must be a single string/);
  });

  it('refuses another audience or none', () => {
    expect(problem({ aud: 'https://other-as.example' })).toMatch(/^'aud' must be this server's issuer .* got "https:\/\/other-as.example"/);
    expect(problem({ aud: undefined })).toMatch(/got null$/);
  });

  it('refuses an iat in the future beyond the skew, or older than the longest lifetime, and takes one within', () => {
    expect(problem({ aud: audiences.issuer, iat: now + 250 })).toBe("'iat' is 250 seconds in the future: sign the assertion when you send it");
    expect(problem({ aud: audiences.issuer, iat: now - 365 * 86_400 })).toMatch(/^'iat' is 31536000 seconds old/);
    expect(problem({ aud: audiences.issuer, iat: now + 30 })).toBeUndefined();
    expect(problem({ aud: audiences.issuer, iat: now - 330 })).toBeUndefined();
    expect(problem({ aud: audiences.issuer, iat: undefined })).toBeUndefined();
  });

  it('refuses an exp further away than the longest lifetime', () => {
    expect(problem({ aud: audiences.issuer, exp: now + 3600 })).toMatch(/^'exp' is 3600 seconds away/);
  });
});
