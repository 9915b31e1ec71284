import { describe, expect, it } from 'vitest';
import { isLoopbackRedirect, isNativeRedirect, redirectUriMatches, redirectUriProblem } from './redirect-uri.js';

describe('redirectUriProblem', () => {
  it.each(['https://a.example.com/cb', 'http://127.0.0.1/cb', 'http://[::1]:8080/cb', 'http://localhost:3000/cb', 'cursor://x/cb', 'com.example.app:/cb'])(
    'accepts %s',
    (uri) => expect(redirectUriProblem(uri)).toBeUndefined(),
  );

  it.each([
    ['http://example.com/cb', 'uses http on a non-loopback host: use https, or http on 127.0.0.1, [::1] or localhost'],
    ['https://a.example.com/cb#x', 'must not contain a fragment (#)'],
    ['javascript:alert(1)', "uses the forbidden scheme 'javascript:'"],
    ['DATA:text/plain,x', "uses the forbidden scheme 'data:'"],
    ['file:///tmp/x', "uses the forbidden scheme 'file:'"],
    ['not a uri', 'is not an absolute URI'],
  ])('refuses %s: it %s', (uri, problem) => expect(redirectUriProblem(uri)).toBe(problem));
});

describe('redirectUriMatches', () => {
  it('matches exactly', () => {
    expect(redirectUriMatches('https://a.example.com/cb', 'https://a.example.com/cb')).toBe(true);
    expect(redirectUriMatches('https://a.example.com/cb', 'https://a.example.com/cb/')).toBe(false);
    expect(redirectUriMatches('https://a.example.com/cb', 'https://a.example.com:8443/cb')).toBe(false);
  });

  it('ignores only the port of an http loopback redirect', () => {
    expect(redirectUriMatches('http://127.0.0.1:3000/cb', 'http://127.0.0.1:49152/cb')).toBe(true);
    expect(redirectUriMatches('http://127.0.0.1/cb', 'http://127.0.0.1:49152/cb')).toBe(true);
    expect(redirectUriMatches('http://[::1]:1/cb', 'http://[::1]:2/cb')).toBe(true);
    expect(redirectUriMatches('http://127.0.0.1:3000/cb', 'http://127.0.0.1:3000/other')).toBe(false);
    expect(redirectUriMatches('http://localhost:3000/cb', 'http://127.0.0.1:3000/cb')).toBe(false);
  });
});

describe('isNativeRedirect', () => {
  it.each(['http://127.0.0.1:9/cb', 'http://[::1]/cb', 'http://LOCALHOST:3000/cb', 'cursor://anysphere/cb', 'com.example.app:/cb'])(
    'counts %s as an app on the device',
    (uri) => expect(isNativeRedirect(uri)).toBe(true),
  );

  it.each(['https://127.0.0.1/cb', 'https://claude.ai/cb', 'http://127.0.0.1.evil.example/cb'])('counts %s as a website', (uri) =>
    expect(isNativeRedirect(uri)).toBe(false),
  );
});

describe('isLoopbackRedirect', () => {
  it.each(['http://127.0.0.1:9/cb', 'http://[::1]/cb', 'http://localhost:3000/cb'])('counts %s as loopback', (uri) =>
    expect(isLoopbackRedirect(uri)).toBe(true),
  );

  it.each(['https://127.0.0.1/cb', 'cursor://anysphere/cb', 'microsoft-edge:https://evil.example/', 'http://127.0.0.1.evil.example/cb'])(
    'does not count %s',
    (uri) => expect(isLoopbackRedirect(uri)).toBe(false),
  );
});
