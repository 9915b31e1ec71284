import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium, headless, without the background traffic that would slow a test down. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/** The app's loopback redirect target, as a desktop client would run it. */
export async function startCallback(): Promise<{ server: Server; redirectUri: string }> {
  const server = createServer((_req, res) => res.end('the app received the answer'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, redirectUri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback` };
}
