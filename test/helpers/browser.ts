import { createServer, type Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { listenOnLoopback } from './loopback-server.js';

/**
 * Debian's chromium, headless, without the background traffic that would slow a test down. The
 * binary itself, not Debian's /usr/bin/chromium launcher: that shell script compares
 * `findmnt -T /dev/shm` to a number, which prints `[: N: unexpected operator` where /dev/shm is
 * mounted twice (as on the CI machines); the one setting it adds that matters here,
 * --disable-dev-shm-usage, is given below.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/lib/chromium/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/** The app's loopback redirect target, as a desktop client would run it. */
export async function startCallback(): Promise<{ server: Server; redirectUri: string }> {
  const server = createServer((_req, res) => res.end('the app received the answer'));
  return { server, redirectUri: `${await listenOnLoopback(server)}/callback` };
}
