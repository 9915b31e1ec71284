import { describe, expect, it } from 'vitest';
import { isValidChallenge, isValidVerifier, s256Challenge, verifyPkce } from './pkce.js';

// RFC 7636 Appendix B.
const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('pkce', () => {
  it('computes the S256 challenge of the RFC 7636 example', () => {
    expect(s256Challenge(verifier)).toBe(challenge);
  });

  it('verifies S256 and plain', () => {
    expect(verifyPkce('S256', challenge, verifier)).toBe(true);
    expect(verifyPkce('plain', verifier, verifier)).toBe(true);
  });

  it('never accepts the challenge itself as the verifier of an S256 code', () => {
    expect(verifyPkce('S256', challenge, challenge)).toBe(false);
  });

  it('accepts verifiers of 43 to 128 unreserved characters only', () => {
    expect(isValidVerifier('a'.repeat(43))).toBe(true);
    expect(isValidVerifier('a'.repeat(128))).toBe(true);
    expect(isValidVerifier('a'.repeat(42))).toBe(false);
    expect(isValidVerifier('a'.repeat(129))).toBe(false);
    expect(isValidVerifier(`${'a'.repeat(42)}+`)).toBe(false);
  });

  it('requires an S256 challenge to be 43 base64url characters', () => {
    expect(isValidChallenge('S256', challenge)).toBe(true);
    expect(isValidChallenge('S256', `${challenge}=`)).toBe(false);
    expect(isValidChallenge('plain', verifier)).toBe(true);
  });
});
