import { spawn } from 'node:child_process';

/**
 * Best effort: the address is also printed, so a person on a machine without a desktop (or
 * where the opener fails) can paste it into a browser elsewhere.
 */
export function openInSystemBrowser(url: URL): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url.toString()]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url.toString().replace(/&/g, '^&')]]
        : ['xdg-open', [url.toString()]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => {});
    child.unref();
  } catch {
    // The printed address is the fallback.
  }
}
