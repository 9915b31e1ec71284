import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bufferedDestination, ServerLog } from './request-log.js';
import type { RequestRecord } from './request-record.js';

const record = (status: number): RequestRecord => ({
  host: 'mcp',
  requestId: 'req-1',
  httpMethod: 'POST',
  route: '/',
  status,
  durationMs: 1.234,
  note: { address: '203.0.113.7', userId: 'usr_a', clientId: 'cli_b', era: '2025-11-25', method: 'tools/call', tool: 'get_me' },
});

function capture(level: 'info' | 'warn' = 'info') {
  const lines: string[] = [];
  return { lines, log: new ServerLog({ format: 'json', level, destination: { write: (line: string) => void lines.push(line) } }) };
}

const dir = mkdtempSync(join(tmpdir(), 'survey-mcp-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the request log', () => {
  it("writes a request as one line in pino's layout: level, time, service, the fields present, msg", () => {
    const { lines, log } = capture();
    log.request(record(200));
    log.event('listening', { port: 1 });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\{"level":30,"time":"\d{4}-\d\d-\d\dT[\d:.]+Z","service":"survey-mcp","requestId":"req-1",/);
    expect(lines[0]!.endsWith(',"msg":"request"}\n')).toBe(true);
    expect(JSON.parse(lines[0]!)).toEqual({
      level: 30,
      time: expect.any(String),
      service: 'survey-mcp',
      requestId: 'req-1',
      host: 'mcp',
      method: 'POST',
      route: '/',
      status: 200,
      outcome: 'ok',
      durationMs: 1.23,
      address: '203.0.113.7',
      userId: 'usr_a',
      clientId: 'cli_b',
      era: '2025-11-25',
      rpcMethod: 'tools/call',
      tool: 'get_me',
      msg: 'request',
    });
    // An event goes through pino itself, in the same layout.
    expect(Object.keys(JSON.parse(lines[1]!))).toEqual(['level', 'time', 'service', 'port', 'msg']);
  });

  it("stamps each line with the time as pino's isoTime writes it, to the millisecond, across seconds", () => {
    const { lines, log } = capture();
    const times = ['2026-07-28T12:34:56.007Z', '2026-07-28T12:34:56.070Z', '2026-07-28T12:34:56.700Z', '2026-07-28T12:34:57.000Z', '2026-07-29T00:00:00.999Z'];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const time of times) {
        vi.setSystemTime(new Date(time));
        log.request(record(200));
      }
    } finally {
      vi.useRealTimers();
    }
    expect(lines.map((line) => (JSON.parse(line) as { time: string }).time)).toEqual(times);
  });

  it('leaves out the fields a request never learnt, and keeps text from the request valid JSON', () => {
    const { lines, log } = capture();
    const address = '198.51.100.1", "status": 200\n\\';
    log.request({ host: 'auth', requestId: 'r"2', httpMethod: 'GET', route: '/oauth/token', status: 400, durationMs: 0.005, note: { address, clientId: 'https://app.example/cimd?a="b"', method: 'other' } });
    expect(JSON.parse(lines[0]!)).toEqual({
      level: 30,
      time: expect.any(String),
      service: 'survey-mcp',
      requestId: 'r"2',
      host: 'auth',
      method: 'GET',
      route: '/oauth/token',
      status: 400,
      outcome: '4xx',
      durationMs: 0.01,
      address,
      clientId: 'https://app.example/cimd?a="b"',
      grantType: 'other',
      msg: 'request',
    });
  });

  it('logs a 5xx at error, and at level warn only the failures', () => {
    const { lines, log } = capture('warn');
    log.request(record(200));
    log.request(record(503));
    expect(lines.map((line) => JSON.parse(line) as { level: number; status: number })).toEqual([expect.objectContaining({ level: 50, status: 503 })]);
  });

  it('gathers lines into fewer writes, yet writes a quiet server\'s line within about a second', async () => {
    const file = join(dir, 'quiet.log');
    const destination = bufferedDestination(file);
    const log = new ServerLog({ format: 'json', level: 'info', destination });
    log.request(record(200));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(file) ? readFileSync(file, 'utf8') : '').toBe('');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ requestId: 'req-1', msg: 'request' });
    await log.flush();
  });

  it('writes what it gathered as soon as it holds 16 KB, without waiting for the second', () => {
    const file = join(dir, 'busy.log');
    const log = new ServerLog({ format: 'json', level: 'info', destination: bufferedDestination(file) });
    for (let line = 0; line < 60; line++) log.request(record(200));
    const written = existsSync(file) ? readFileSync(file, 'utf8') : '';
    expect(written.length).toBeGreaterThanOrEqual(16_384);
    expect(written.length).toBeLessThan(60 * 300);
    expect(written.endsWith('"msg":"request"}\n')).toBe(true);
  });

  it('writes an event and a failed request at once, with whatever lines it held', () => {
    const file = join(dir, 'events.log');
    const log = new ServerLog({ format: 'json', level: 'info', destination: bufferedDestination(file) });
    log.request(record(200));
    log.event('listening', { port: 1 });
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['request', 'listening']);
    log.request(record(502));
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
  });
});
