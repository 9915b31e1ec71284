// Rewrites the generated part of docs/runner-cases.md from the built tables (run `npm run build` first).
import { readFileSync, writeFileSync } from 'node:fs';
import { renderCaseTables } from '../dist/conformance/tables/render.js';

const page = new URL('../docs/runner-cases.md', import.meta.url);
const text = readFileSync(page, 'utf8');
const marker = text.indexOf('<!-- generated -->');
if (marker < 0) throw new Error('docs/runner-cases.md has no <!-- generated --> marker');
writeFileSync(page, text.slice(0, marker) + renderCaseTables());
