/**
 * Calls `onExit` once the npm process that started this one is gone. `npx survey-mcp serve`,
 * `npm exec` and `npm run` start the command under `sh -c`, and npm forwards SIGTERM to that
 * shell only: the shell dies and `serve` was left running, holding its ports, with no parent.
 * Started by npm (which sets `npm_command`), a changed parent means that shell has gone. A
 * process started otherwise keeps running when its parent exits (`nohup`, a shell's `&`).
 */
export function whenLauncherExits(onExit: () => void, env: NodeJS.ProcessEnv = process.env, everyMs = 200): void {
  if (!env.npm_command) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    onExit();
  }, everyMs);
  watch.unref();
}
