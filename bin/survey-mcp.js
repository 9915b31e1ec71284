#!/usr/bin/env node
// Checked before anything else loads: on an older Node the native SQLite module crashes
// (segmentation fault, exit 139) without a word. This file must parse on any Node.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const needed = Number(/\d+/.exec(engines.node)[0]);
if (Number(process.versions.node.split('.')[0]) < needed) {
  process.stderr.write(
    `survey-mcp: needs Node.js ${needed} or newer, this is ${process.version}: install it from https://nodejs.org/en/download (or \`nvm install ${needed}\`), then run survey-mcp again\n`,
  );
  process.exit(1);
}
if (process.argv[2] === 'serve') {
  const { restartWithAsyncContextFrame } = await import('../dist/src/cli/async-context-frame.js');
  restartWithAsyncContextFrame();
}
const { main } = await import('../dist/src/cli/main.js');
await main(process.argv);
