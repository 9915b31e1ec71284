/**
 * Evidence is safe to paste: a run against our server, every secret that crossed the wire
 * collected from the wire itself, and none of them in any report format.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Report } from '../../conformance/report.js';
import { runConformance } from '../../conformance/run.js';
import { renderConsole } from '../../conformance/reporters/console.js';
import { renderHtml } from '../../conformance/reporters/html.js';
import { renderJson } from '../../conformance/reporters/json.js';
import { renderJunit } from '../../conformance/reporters/junit.js';
import { redactText } from '../../conformance/redact.js';
import { demoSignIn, foreignToken, shortWindows, startOurServer, type OurServer } from './our-server.js';

const SECRET_FIELDS = ['code', 'code_verifier', 'access_token', 'refresh_token', 'token', 'password', 'client_secret', 'csrf_token', 'confirmation_token', 'requestState'];
/** CSRF tokens and confirmation seals, kept apart to prove the run saw some. */
const formAndSealSecrets = new Set<string>();

/** A `plain` PKCE challenge is its verifier, public in the authorization request by design. */
const challenges = new Set<string>();

/** The secret values in a request or response as sent: form fields, query parameters, JSON members, cookies. */
function secretsIn(text: string, into: Set<string>): void {
  for (const match of text.matchAll(/[?&]code_challenge=([^&#\s"]+)/g)) challenges.add(decodeURIComponent(match[1]!));
  for (const name of SECRET_FIELDS) {
    for (const match of text.matchAll(new RegExp(`(?:^|[?&])${name}=([^&#\\s"]+)`, 'g'))) into.add(decodeURIComponent(match[1]!));
    for (const match of text.matchAll(new RegExp(`"${name}"\\s*:\\s*"([^"]+)"`, 'g'))) into.add(match[1]!);
  }
  for (const pattern of [
    /name="csrf_token"[^>]*value="([^"]+)"/g,
    /\\+"confirmation_token\\+"\s*:\s*\\+"([^"\\]+)\\+"/g,
    /"(?:requestState|confirmation_token)"\s*:\s*"([^"]+)"/g,
  ]) {
    for (const match of text.matchAll(pattern)) {
      into.add(match[1]!);
      formAndSealSecrets.add(match[1]!);
    }
  }
}

let ours: OurServer;
const secrets = new Set<string>();
let report: Report;

beforeAll(async () => {
  ours = await startOurServer();
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    secretsIn(url, secrets);
    if (typeof init?.body === 'string') secretsIn(init.body, secrets);
    const authorization = new Headers(init?.headers).get('authorization');
    if (authorization) secrets.add(authorization.replace(/^\w+ /, ''));
    const response = await realFetch(input, init);
    const copy = response.clone();
    const body = await copy.text();
    secretsIn(body, secrets);
    secretsIn(response.headers.get('location') ?? '', secrets);
    for (const cookie of response.headers.getSetCookie()) secrets.add(cookie.split(';')[0]!.split('=').slice(1).join('='));
    return response;
  });
  try {
    report = await runConformance({
      url: ours.server.baseUrl,
      signIn: demoSignIn,
      foreignToken: await foreignToken(ours.server.store),
      ...ours.documents,
      ...shortWindows.runner,
      includeRegisterLimit: false,
      only: ['registration', 'authorization', 'confirmations', 'revocation'],
    });
  } finally {
    spy.mockRestore();
  }
  secrets.add(demoSignIn.password);
  for (const value of [...secrets]) if (value.length < 8 || challenges.has(value)) secrets.delete(value);
}, 120_000);
afterAll(async () => {
  await ours?.close();
});

describe('the reports of a run carry no secret seen on the wire', () => {
  it('the run saw codes, tokens, cookies and the password', () => {
    expect(report.results.length).toBeGreaterThan(40);
    expect(secrets.size).toBeGreaterThan(20);
  });

  it('the run saw CSRF tokens and confirmation seals', () => {
    expect([...formAndSealSecrets].filter((secret) => secrets.has(secret)).length).toBeGreaterThan(2);
  });

  // The console and JUnit show evidence for failures only: the same results, marked failed.
  const failed = (): Report => ({ ...report, results: report.results.map((result) => ({ ...result, status: 'fail' })) });
  const formats: Record<string, () => string> = {
    console: () => renderConsole(failed(), { color: false }),
    JSON: () => renderJson(report),
    JUnit: () => renderJunit(failed()),
    HTML: () => renderHtml(report),
  };
  for (const [format, render] of Object.entries(formats)) {
    it(`the ${format} report`, () => {
      const text = render();
      const leaked = [...secrets].filter((secret) => text.includes(secret) || text.includes(encodeURIComponent(secret)));
      expect(leaked.map((secret) => `${secret.slice(0, 6)}…`)).toEqual([]);
      expect(text).toContain('[redacted]');
    });
  }
});

describe('redactText', () => {
  it('redacts an authorization code in a redirect, a form and JSON, and keeps the state', () => {
    expect(redactText('http://127.0.0.1:33418/callback?code=0Z45C-abc&state=s1&iss=x')).toBe(
      'http://127.0.0.1:33418/callback?code=[redacted]&state=s1&iss=x',
    );
    expect(redactText('grant_type=authorization_code&code=abc&code_verifier=v&client_assertion=jwt')).toBe(
      'grant_type=authorization_code&code=[redacted]&code_verifier=[redacted]&client_assertion=[redacted]',
    );
    expect(redactText('{"client_secret": "s3cr3t", "code": -32601}')).toBe('{"client_secret": "[redacted]", "code": -32601}');
  });
});

describe('redactText, CSRF tokens and confirmation seals', () => {
  it('redacts a CSRF token in a form body and in a page, whichever attribute comes first', () => {
    expect(redactText('email=a%40b&password=x&csrf_token=Zq9-Ab_cd')).toBe('email=a%40b&password=[redacted]&csrf_token=[redacted]');
    expect(redactText('<input type="hidden" name="csrf_token" value="Zq9-Ab_cd">')).toBe('<input type="hidden" name="csrf_token" value="[redacted]">');
    expect(redactText(`<input value='Zq9-Ab_cd' type=hidden name='csrf_token'>`)).toBe(`<input value='[redacted]' type=hidden name='csrf_token'>`);
  });

  it('redacts a 2025-11-25 confirmation token in a tool result text and a 2026-07-28 requestState', () => {
    const toolResult = JSON.stringify({ content: [{ type: 'text', text: JSON.stringify({ error: 'confirm', confirmation_token: 'seal.v1.abc' }) }] });
    expect(redactText(toolResult)).not.toContain('seal.v1.abc');
    expect(redactText(toolResult)).toContain('[redacted]');
    expect(redactText('{"resultType":"input_required","requestState":"seal.v2.xyz"}')).toBe('{"resultType":"input_required","requestState":"[redacted]"}');
    expect(redactText('"arguments":{"question_id":"q1","confirmation_token":"seal.v1.abc"}')).toBe('"arguments":{"question_id":"q1","confirmation_token":"[redacted]"}');
    const twiceEscaped = JSON.stringify({ result: { content: [{ text: JSON.stringify({ error: 'call again with "confirmation_token": "seal.v1.abc"' }) }] } });
    expect(redactText(twiceEscaped)).not.toContain('seal.v1.abc');
  });
});
