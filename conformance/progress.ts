import { setTimeout as sleep } from 'node:timers/promises';

/** What a run tells a person while it works; it never affects results. */
export interface Progress {
  checkStarted(id: string, title: string): void;
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
  note() {},
  countdown: () => () => {},
  finish() {},
};

interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

const BAR_WIDTH = 24;

/**
 * Notes always reach `stream`; the transient lines (current check, countdown bar) only when it is
 * a terminal, because rewritten lines are noise in a CI log.
 */
export function streamProgress(stream: ProgressStream): Progress {
  const live = stream.isTTY === true;
  const clearLine = (): void => {
    if (live) stream.write('\r\x1b[2K');
  };
  return {
    checkStarted(id, title) {
      if (!live) return;
      clearLine();
      stream.write(`running ${id}: ${title}`);
    },
    note(message) {
      clearLine();
      stream.write(`${message}\n`);
    },
    countdown(label, untilMs) {
      if (!live) return () => {};
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
