import { describe, expect, test } from 'vitest';
import { streamProgress, waitWithProgress } from '../../conformance/progress.js';

function stream(isTTY: boolean): { isTTY: boolean; write(text: string): void; text: () => string } {
  let written = '';
  return { isTTY, write: (text) => void (written += text), text: () => written };
}

describe('progress while a run waits', () => {
  test('on a terminal a countdown bar shows, then clears', async () => {
    const terminal = stream(true);
    await waitWithProgress(streamProgress(terminal), 'rate limited', 300);
    expect(terminal.text()).toMatch(/rate limited \[\.+\] 1 s/);
    expect(terminal.text().endsWith('\r\x1b[2K')).toBe(true);
  });

  test('off a terminal only notes are written, so CI logs stay clean', async () => {
    const log = stream(false);
    const progress = streamProgress(log);
    progress.checkStarted('initialize', 'initialize works');
    await waitWithProgress(progress, 'rate limited', 50);
    progress.note('Sign in and approve in your browser.');
    expect(log.text()).toBe('Sign in and approve in your browser.\n');
  });
});
