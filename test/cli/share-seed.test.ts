import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sqlite/index.js';
import { cli } from '../helpers/cli.js';

// Runs the built CLI: `npm run build` first (the test script of the package does).
describe('seed and share commands', () => {
  let db: string;
  beforeAll(async () => {
    db = join(mkdtempSync(join(tmpdir(), 'cli-')), 'cli.db');
    const seeded = await cli('seed', '--create', '--db', db);
    expect(seeded.code).toBe(0);
  });

  it('seeds the demo once and says so the second time', async () => {
    const again = await cli('seed', '--db', db);
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toMatch(/already has users: demo not seeded/);
  });

  it('adds a survey of N generated responses and prints its id', async () => {
    const { code, stdout, stderr } = await cli('seed', '--db', db, '--responses', '1500', '--survey-title', 'Load');
    expect(code).toBe(0);
    expect(stderr).toMatch(/seeded 1500\/1500 responses \(100%\)/);
    const surveyId = stdout.trim();
    const store = openSqliteStore(db);
    const survey = await store.findSurvey(surveyId);
    await store.close();
    expect(survey).toMatchObject({ title: 'Load', status: 'open', ownerId: 'usr_demo_alice' });
    const counts = survey!.responseCounts;
    expect(counts.completed + counts.partial + counts.disqualified).toBe(1500);
  });

  it('refuses a bad response count with a usage error', async () => {
    const { code, stderr } = await cli('seed', '--db', db, '--responses', 'lots');
    expect(code).toBe(2);
    expect(stderr).toMatch(/--responses 'lots' must be a whole number from 1 to 10,000,000/);
  });

  it('grants and removes a share', async () => {
    const granted = await cli('share', '--db', db, '--survey', 'srv_demo_offsite', '--user', 'bob@example.com', '--role', 'viewer');
    expect(granted.code).toBe(0);
    expect(granted.stdout).toMatch(/bob@example.com is now viewer on srv_demo_offsite/);
    const removed = await cli('share', '--db', db, '--survey', 'srv_demo_offsite', '--user', 'bob@example.com', '--role', 'none');
    expect(removed.stdout).toMatch(/removed bob@example.com/);
    expect(removed.stdout).not.toMatch(/bob@example.com +viewer/);
    const again = await cli('share', '--db', db, '--survey', 'srv_demo_offsite', '--user', 'bob@example.com', '--role', 'none');
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toMatch(/^bob@example.com had no share on srv_demo_offsite: nothing changed$/m);
  });

  it('fails clearly on an unknown survey, an unknown user and a bad role', async () => {
    const survey = await cli('share', '--db', db, '--survey', 'srv_nope', '--user', 'bob@example.com', '--role', 'viewer');
    expect(survey).toMatchObject({ code: 1 });
    expect(survey.stderr).toMatch(/survey 'srv_nope' not found/);
    const user = await cli('share', '--db', db, '--survey', 'srv_demo_nps', '--user', 'zed@example.com', '--role', 'viewer');
    expect(user.code).toBe(1);
    expect(user.stderr).toMatch(/no user with email 'zed@example.com'/);
    const role = await cli('share', '--db', db, '--survey', 'srv_demo_nps', '--user', 'bob@example.com', '--role', 'boss');
    expect(role.code).toBe(2);
    expect(role.stderr).toMatch(/--role 'boss' must be one of viewer, analyst, editor, none/);
  });
});
