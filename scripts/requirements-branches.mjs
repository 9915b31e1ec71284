// Rewrites the generated part of docs/requirements-branches.md from the built manifest (run `npm run build` first).
import { readFileSync, writeFileSync } from 'node:fs';
import { renderUncoveredBranches } from '../dist/conformance/reporters/branches.js';
import { REQUIREMENTS } from '../dist/conformance/requirements/manifest.js';

const page = new URL('../docs/requirements-branches.md', import.meta.url);
const text = readFileSync(page, 'utf8');
const marker = text.indexOf('<!-- generated -->');
if (marker < 0) throw new Error('docs/requirements-branches.md has no <!-- generated --> marker');
writeFileSync(page, text.slice(0, marker) + renderUncoveredBranches(REQUIREMENTS));
