import { afterEach, describe, expect, test, vi } from 'vitest';
import { HEARTBEAT_MS, streamProgress, waitWithProgress } from '../../conformance/progress.js';
import type { CheckResult } from '../../conformance/report.js';

function stream(isTTY: boolean): { isTTY: boolean; write(text: string): void; text: () => string } {
  let written = '';
  return { isTTY, write: (text) => void (written += text), text: () => written };
}

function finished(id: string, status: CheckResult['status'], durationMs: number): CheckResult {
  return { id, group: 'mcp', title: id, spec: 'section 5', level: 'MUST', status, message: '', durationMs, evidence: [], omittedEvidence: 0 };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('progress while a run waits', () => {
  test('on a terminal a countdown bar shows, then clears', async () => {
    const terminal = stream(true);
    await waitWithProgress(streamProgress(terminal), 'rate limited', 300);
    // Its first frame may already show progress when the machine is slow to draw it.
    expect(terminal.text()).toMatch(/rate limited \[[#.]+\] 1 s/);
    expect(terminal.text().endsWith('\r\x1b[2K')).toBe(true);
  });

  test('on a terminal a finished check leaves no line of its own: the report follows', () => {
    const terminal = stream(true);
    const progress = streamProgress(terminal);
    progress.checkStarted('initialize', 'initialize works');
    progress.checkFinished(finished('initialize', 'pass', 3));
    progress.finish();
    expect(terminal.text()).toBe('\r\x1b[2Krunning initialize: initialize works\r\x1b[2K');
  });
});

describe('progress in a CI log (not a terminal)', () => {
  test('each check is a line as it finishes, stamped with the time since the run began, and nothing is rewritten', () => {
    vi.useFakeTimers();
    const log = stream(false);
    const progress = streamProgress(log);
    progress.checkStarted('initialize', 'initialize works');
    vi.advanceTimersByTime(1500);
    progress.checkFinished(finished('initialize', 'pass', 1500));
    progress.checkStarted('missing-token-401', 'a request without a token gets 401');
    progress.checkFinished(finished('missing-token-401', 'fail', 4));
    progress.note('Sign in and approve in your browser.');
    progress.finish();
    expect(log.text()).toBe(
      '[1.5 s] PASS  initialize (1.5 s)\n[1.5 s] FAIL  missing-token-401 (4 ms)\nSign in and approve in your browser.\n',
    );
  });

  test('a blocked check names its root cause, and a stamp past a minute reads 2 min 0 s, never 1 min 60 s', () => {
    vi.useFakeTimers();
    const log = stream(false);
    const progress = streamProgress(log);
    vi.advanceTimersByTime(119_600);
    progress.checkStarted('tools-list', 'tools/list works');
    progress.checkFinished({ ...finished('tools-list', 'blocked', 0), blockedBy: 'authorization-code-flow' });
    progress.finish();
    expect(log.text()).toBe('[2 min 0 s] BLOCKED  tools-list (by authorization-code-flow)\n');
  });

  test('a long check prints "still waiting" whenever the log was silent for the heartbeat, with its countdown', () => {
    vi.useFakeTimers();
    const log = stream(false);
    const progress = streamProgress(log);
    progress.checkStarted('sliding-window-edge', 'the window slides');
    const stop = progress.countdown('letting the 60 s window empty', Date.now() + 25_000);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(log.text()).toBe('[10 s] still waiting: sliding-window-edge (10 s; letting the 60 s window empty, 15 s left)\n');
    stop();
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(log.text()).toMatch(/\n\[20 s\] still waiting: sliding-window-edge \(20 s\)\n$/);
    progress.checkFinished(finished('sliding-window-edge', 'pass', 25_000));
    vi.advanceTimersByTime(5 * HEARTBEAT_MS);
    expect(log.text().split('\n')).toHaveLength(4);
    progress.finish();
  });

  test('no heartbeat between runs: after finish nothing more is written', () => {
    vi.useFakeTimers();
    const log = stream(false);
    const progress = streamProgress(log);
    progress.checkStarted('initialize', 'initialize works');
    progress.finish();
    vi.advanceTimersByTime(3 * HEARTBEAT_MS);
    expect(log.text()).toBe('');
  });
});
