/** The data the bench runs on: the demo in a store, real bearer tokens, and the 1M-response survey. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { issueServiceToken } from '../src/oauth/service-tokens.js';
import { mcpScope } from '../src/oauth/tokens.js';
import { createAccount } from '../src/platform/accounts.js';
import { operator } from '../src/platform/context.js';
import { systemClock } from '../src/platform/clock.js';
import { isStoreEmpty, seedDemo } from '../src/platform/demo/index.js';
import { seedLoadSurvey } from '../src/platform/demo/load.js';
import { openStore } from '../src/store/open.js';

/** Alice owns every survey the bench reads, so every tool answers her in full. */
const benchUser = 'usr_demo_alice';
const tokenTtlMs = 2 * 60 * 60 * 1000;
/** How many people share the realistic load, each with a rate log of their own. */
export const crowdSize = 16;
/** Admins of Alice's workspace: the survey's owners too, so each gets her very answer. */
const crowdWorkspace = 'wsp_demo_acme';

export interface BenchTokens {
  /** Alice's: one person, one rate-log key (the single-key rows). */
  readonly token: string;
  /** One token for each of the `crowdSize` people sharing the realistic load. */
  readonly crowd: readonly string[];
}

/** Seeds the demo into an empty store, adds the crowd once, and issues a bearer token for each person. */
export async function prepareStore(location: string): Promise<BenchTokens> {
  const store = await openStore(location);
  const issue = async (userId: string) =>
    (await issueServiceToken(store, systemClock, { userId, scope: mcpScope, ttlMs: tokenTtlMs })).token;
  const ctx = { store, clock: systemClock };
  try {
    if (await isStoreEmpty(ctx, operator)) await seedDemo(ctx, operator);
    const crowd: string[] = [];
    for (let i = 1; i <= crowdSize; i++) {
      const email = `bench-${String(i).padStart(2, '0')}@example.com`;
      const person =
        (await store.findUserByEmail(email)) ??
        (await createAccount(ctx, operator, { email, name: `Bench person ${i}`, password: randomBytes(18).toString('base64url') }));
      await store.setWorkspaceMember(crowdWorkspace, person.id, 'admin');
      crowd.push(await issue(person.id));
    }
    return { token: await issue(benchUser), crowd };
  } finally {
    await store.close();
  }
}

/** A survey large enough that a `where` filter's scan is the costliest search a person can send. */
export interface LargeSurvey {
  readonly surveyId: string;
  /** Its long-text question: a `contains` test on it reads every response's answer. */
  readonly textQuestionId: string;
  readonly responses: number;
}

/**
 * Alice's survey of `responses` generated responses in the store at `location`, seeded on the
 * first call (150,000 take 10–30 s) and found by its title afterwards (a PostgreSQL schema kept
 * between runs).
 */
export async function largeSurvey(location: string, responses: number): Promise<LargeSurvey> {
  const store = await openStore(location);
  const title = `Heavy neighbour: ${responses} responses`;
  try {
    const owner = (await store.findUserByEmail('alice@example.com'))!;
    const found = (await store.listSurveysFor({ userId: owner.id, query: title }, undefined, 1))[0]?.survey;
    const surveyId = found?.id ?? (await seedLoadSurvey({ store, clock: systemClock }, operator, { responses, title, ownerEmail: owner.email }));
    const textQuestionId = (await store.listQuestions(surveyId)).find((question) => question.type === 'long_text')!.id;
    return { surveyId, textQuestionId, responses };
  } finally {
    await store.close();
  }
}

export interface MillionSurvey {
  readonly db: string;
  readonly surveyId: string;
  readonly responses: number;
  readonly reused: boolean;
  /** Wall time of `survey-mcp seed`, when this run seeded it. */
  readonly seedSeconds?: number;
}

const cacheDir = fileURLToPath(new URL('../../bench/.cache/', import.meta.url));
const cli = fileURLToPath(new URL('../../bin/survey-mcp.js', import.meta.url));

/**
 * The survey with `responses` responses, seeded once with `survey-mcp seed` into
 * `bench/.cache/` and reused on later runs (seeding a million takes about a minute).
 */
export async function millionSurvey(responses: number): Promise<MillionSurvey> {
  const db = `${cacheDir}million.db`;
  const manifest = `${cacheDir}million.json`;
  if (existsSync(db) && existsSync(manifest)) {
    const saved = JSON.parse(await readFile(manifest, 'utf8')) as { surveyId: string; responses: number };
    if (saved.responses === responses) return { db, surveyId: saved.surveyId, responses, reused: true };
  }
  // Seeded aside and moved in place when complete, so an interrupted seed is never reused.
  const scratch = `${cacheDir}seeding/`;
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
  const started = process.hrtime.bigint();
  const surveyId = await seedWithCli(`${scratch}million.db`, responses);
  const seedSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  await rm(db, { force: true });
  await rename(`${scratch}million.db`, db);
  await rm(scratch, { recursive: true, force: true });
  await writeFile(manifest, `${JSON.stringify({ surveyId, responses }, null, 2)}\n`);
  return { db, surveyId, responses, reused: false, seedSeconds: Math.round(seedSeconds * 10) / 10 };
}

/** Runs `survey-mcp seed --responses N --db FILE`; its stdout is the new survey's id. */
function seedWithCli(db: string, responses: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'seed', '--create', '--responses', String(responses), '--db', db], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      const surveyId = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && /^srv_\S+$/.test(surveyId)) resolve(surveyId);
      else reject(new Error(`survey-mcp seed exited with code ${code} and printed '${out.trim()}', not a survey id`));
    });
  });
}
