/**
 * The parent side of a bench server child: fork it, wait until it listens, sample it, stop it.
 * Every child ever started is remembered, so a failing run still kills all of them.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asyncContextFrameFlags } from '../src/cli/async-context-frame.js';
import type { ChildMessage, ServerVariant } from './servers/protocol.js';

export interface ServerSample {
  readonly rssBytes: number;
  /** The V8 heap in use: what grows when objects are kept, as RSS also grows when the heap is merely let grow. */
  readonly heapUsedBytes: number;
  readonly cpuMicros: number;
}

export interface ServerProcess {
  readonly variant: ServerVariant;
  readonly url: string;
  readonly pid: number;
  sample(): Promise<ServerSample>;
  stop(): Promise<void>;
}

const startTimeoutMs = 60_000;
const stopGraceMs = 5_000;
const drainMs = 250;
const running = new Set<ChildProcess>();

// Last resort when the run dies without reaching its own cleanup.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface LaunchOptions {
  /** Extra Node flags for the child, e.g. `--cpu-prof`. */
  readonly execArgv?: readonly string[];
  /** Another build's `dist` whose server runs instead of this one's (a before/after comparison). */
  readonly build?: string;
}

export async function launchServer<Options>(
  variant: ServerVariant,
  options: Options,
  launch: LaunchOptions = {},
): Promise<ServerProcess> {
  const file = launch.build ? join(launch.build, 'bench', 'servers', `${variant}.js`) : fileURLToPath(new URL(`./servers/${variant}.js`, import.meta.url));
  // Started as `survey-mcp serve` starts itself (bin/survey-mcp.js), with the async context frame before Node 24.
  const child = fork(file, [], { execArgv: [...asyncContextFrameFlags(), ...(launch.execArgv ?? [])], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  try {
    let timer: NodeJS.Timeout | undefined;
    const url = await new Promise<string>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${variant} server did not start within ${startTimeoutMs / 1000} s`)), startTimeoutMs);
      child.on('message', (message: ChildMessage) => {
        if (message.type === 'ready') resolve(message.url);
        if (message.type === 'failed') reject(new Error(`${variant} server failed to start: ${message.message}`));
      });
      child.once('exit', (code) => reject(new Error(`${variant} server exited with code ${code} before it listened`)));
      child.send({ type: 'start', options });
    }).finally(() => {
      clearTimeout(timer);
      child.removeAllListeners('message');
    });
    return {
      variant,
      url,
      pid: child.pid!,
      sample: () => sample(child),
      stop: () => stop(child),
    };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

/** Stops every child still running; for the end of a run, failed or not. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map(stop));
}

function sample(child: ChildProcess): Promise<ServerSample> {
  return new Promise((resolve, reject) => {
    if (!child.connected) return reject(new Error('the server child has gone'));
    const onExit = () => {
      child.off('message', onMessage);
      reject(new Error('the server child exited while being sampled'));
    };
    const onMessage = (message: ChildMessage) => {
      if (message.type !== 'sample') return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve({ rssBytes: message.rssBytes, heapUsedBytes: message.heapUsedBytes, cpuMicros: message.cpuMicros });
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send({ type: 'sample' });
  });
}

/**
 * Asks politely (so a CPU profile gets written), then kills. First a short pause: autocannon
 * drops its connections at the end of a run, and the server should finish the requests it was
 * still answering before it closes its store under them.
 */
async function stop(child: ChildProcess): Promise<void> {
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  if (exited()) return;
  await new Promise((resolve) => setTimeout(resolve, drainMs));
  if (exited()) return;
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send({ type: 'stop' });
    else child.kill('SIGTERM');
  });
}
