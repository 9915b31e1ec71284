import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckResult } from './report.js';
import { formatCheckDuration, formatDuration } from './reporters/duration.js';

/** What a run tells a person while it works; it never affects results. */
export interface Progress {
  checkStarted(id: string, title: string): void;
  checkFinished(result: CheckResult): void;
  /** A message the person must see, such as an address to open. */
  note(message: string): void;
  /** Shows a countdown to `untilMs` (epoch ms) while other work happens; returns its stopper. */
  countdown(label: string, untilMs: number): () => void;
  /** Clears whatever transient line is showing, before the report is printed. */
  finish(): void;
}

/** Sleeps for `ms` while showing a countdown. */
export async function waitWithProgress(progress: Progress, label: string, ms: number): Promise<void> {
  const stop = progress.countdown(label, Date.now() + ms);
  try {
    await sleep(ms);
  } finally {
    stop();
  }
}

export const silentProgress: Progress = {
  checkStarted() {},
  checkFinished() {},
  note() {},
  countdown: () => () => {},
  finish() {},
};

interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * On a terminal, one rewritten line (the current check, a countdown bar); anywhere else, such as
 * a CI log, where rewritten lines are noise, a line per finished check. Notes always show.
 */
export function streamProgress(stream: ProgressStream): Progress {
  return stream.isTTY === true ? terminalProgress(stream) : logProgress(stream);
}

const BAR_WIDTH = 24;

function terminalProgress(stream: ProgressStream): Progress {
  const clearLine = (): void => {
    stream.write('\r\x1b[2K');
  };
  return {
    checkStarted(id, title) {
      clearLine();
      stream.write(`running ${id}: ${title}`);
    },
    checkFinished() {},
    note(message) {
      clearLine();
      stream.write(`${message}\n`);
    },
    countdown(label, untilMs) {
      const totalMs = Math.max(1, untilMs - Date.now());
      const draw = (): void => {
        const leftMs = Math.max(0, untilMs - Date.now());
        const filled = Math.round(BAR_WIDTH * (1 - leftMs / totalMs));
        clearLine();
        stream.write(`${label} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${Math.ceil(leftMs / 1000)} s`);
      };
      draw();
      const timer = setInterval(draw, 250);
      return () => {
        clearInterval(timer);
        clearLine();
      };
    },
    finish: clearLine,
  };
}

/** A CI log that shows nothing for this long looks hung, and some CI systems kill such jobs. */
export const HEARTBEAT_MS = 10_000;

/**
 * Lines stamped with the time since the run began: each check as it finishes, and while one
 * check runs long (a rate-limit check waits out its windows) a "still waiting" line whenever
 * nothing was written for HEARTBEAT_MS.
 */
function logProgress(stream: ProgressStream): Progress {
  const runStartedAt = Date.now();
  let running: { readonly id: string; readonly startedAt: number } | undefined;
  let waiting: { readonly label: string; readonly untilMs: number } | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const stamp = (): string => `[${formatDuration(Date.now() - runStartedAt)}]`;
  const line = (text: string): void => {
    stream.write(`${text}\n`);
    rearm();
  };
  const rearm = (): void => {
    clearTimeout(heartbeat);
    heartbeat = undefined;
    if (!running) return;
    heartbeat = setTimeout(beat, HEARTBEAT_MS);
    // A heartbeat must never be what keeps the process alive.
    heartbeat.unref();
  };
  const beat = (): void => {
    if (!running) return;
    const now = Date.now();
    const countdown = waiting ? `; ${waiting.label}, ${Math.max(0, Math.ceil((waiting.untilMs - now) / 1000))} s left` : '';
    line(`${stamp()} still waiting: ${running.id} (${Math.round((now - running.startedAt) / 1000)} s${countdown})`);
  };

  return {
    checkStarted(id) {
      running = { id, startedAt: Date.now() };
      rearm();
    },
    checkFinished(result) {
      running = undefined;
      waiting = undefined;
      const about = result.blockedBy === undefined ? formatCheckDuration(result.durationMs) : `by ${result.blockedBy}`;
      line(`${stamp()} ${result.status.toUpperCase()}  ${result.id} (${about})`);
    },
    note: line,
    countdown(label, untilMs) {
      const shown = { label, untilMs };
      waiting = shown;
      return () => {
        if (waiting === shown) waiting = undefined;
      };
    },
    finish() {
      running = undefined;
      rearm();
    },
  };
}
