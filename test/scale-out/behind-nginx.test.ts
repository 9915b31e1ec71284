/**
 * Two `serve` instances on one PostgreSQL and one Redis behind a real nginx running exactly the
 * configuration docs/deployment.md gives (addresses substituted, nothing else): a confirmation
 * reaches the person through it at once, and SIGTERM to one instance under load loses nothing.
 */
import { randomBytes } from 'node:crypto';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueServiceToken } from '../../src/oauth/service-tokens.js';
import { createAccount } from '../../src/platform/accounts.js';
import { systemClock } from '../../src/platform/clock.js';
import { operator } from '../../src/platform/context.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/store.js';
import { askingClient, questionIdsOf, scratchSurvey } from '../helpers/asking-client.js';
import { postMcp, rpc } from '../helpers/mcp.js';
import { documentedNginxBlock, Nginx, substituteAddresses } from '../helpers/nginx.js';
import { dropSchemas, postgresUrl, uniqueSchema } from '../helpers/postgres.js';
import { redisDatabase, testRedisUrl } from '../helpers/redis.js';
import { testPassword, type TestServer } from '../helpers/server.js';
import { ensureBuilt, freePorts, startServe, stopAll, type CliProcess } from './processes.js';

const schema = uniqueSchema('nginx');
const db = postgresUrl(schema);
const rateStore = redisDatabase(testRedisUrl, 14);
const run = randomBytes(4).toString('hex');
const workspaceId = `wsp_nginx_${run}`;

interface Instance {
  serve: CliProcess;
  readonly port: number;
  readonly authPort: number;
}

let store: Store;
let nginx: Nginx | undefined;
let service: TestServer;
let instances: [Instance, Instance];
let token: string;

async function startInstance(instance: Omit<Instance, 'serve'>): Promise<CliProcess> {
  return startServe([
    ...['--db', db, '--rate-store', rateStore, '--port', String(instance.port), '--auth-port', String(instance.authPort)],
    ...['--base-url', service.baseUrl, '--auth-url', service.authUrl, '--trust-proxy', '--no-seed'],
    // One person sends every call of the load below; their limits are not what is tested.
    ...['--mcp-rate-limit', '100000/60', '--mcp-in-flight', '100'],
  ]);
}

beforeAll(async () => {
  ensureBuilt();
  store = await openStore(db);
  const [mcpPort, authPort, ...ports] = (await freePorts(6)) as number[];
  service = { baseUrl: `http://127.0.0.1:${mcpPort}`, authUrl: `http://127.0.0.1:${authPort}` } as TestServer;
  const addresses = [
    { port: ports[0]!, authPort: ports[1]! },
    { port: ports[2]!, authPort: ports[3]! },
  ];
  const config = substituteAddresses(
    documentedNginxBlock(),
    {
      '10.0.0.11:8787': `127.0.0.1:${addresses[0]!.port}`,
      '10.0.0.12:8787': `127.0.0.1:${addresses[1]!.port}`,
      '10.0.0.11:8788': `127.0.0.1:${addresses[0]!.authPort}`,
      '10.0.0.12:8788': `127.0.0.1:${addresses[1]!.authPort}`,
    },
    { 'mcp.example.com': mcpPort!, 'auth.example.com': authPort! },
  );
  nginx = await Nginx.start(config, [mcpPort!, authPort!]);
  const serves = await Promise.all(addresses.map((each) => startInstance(each)));
  instances = [
    { ...addresses[0]!, serve: serves[0]! },
    { ...addresses[1]!, serve: serves[1]! },
  ];
  const owner = await createAccount({ store, clock: systemClock }, operator, { email: `owner-${run}@example.com`, name: 'Owner', password: testPassword });
  await store.insertWorkspace({ id: workspaceId, name: 'Behind nginx', createdAt: Date.now() });
  await store.setWorkspaceMember(workspaceId, owner.id, 'admin');
  token = (await issueServiceToken(store, systemClock, { userId: owner.id, scope: 'mcp_customer', ttlMs: 3_600_000 })).token;
}, 120_000);

/**
 * Pings through nginx until the instance has logged one (its JSON request log on stdout): a
 * rolling restart takes the next instance down only once nginx sends to this one again.
 */
async function servedThroughNginx(instance: Instance): Promise<void> {
  for (let attempt = 0; attempt < 200 && !instance.serve.stdout.includes('"msg":"request"'); attempt++) {
    await (await postMcp(service, rpc('ping'), { token })).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(instance.serve.stdout).toContain('"msg":"request"');
}

afterAll(async () => {
  await stopAll();
  await nginx?.stop();
  await store?.close();
  await dropSchemas([schema]);
});

describe('two instances behind the nginx configuration docs/deployment.md gives', () => {
  it('passes a 2025-11-25 confirmation through at once: the question reaches the person within 2 s, and the answer deletes', async () => {
    const { surveyId, questionIds } = await scratchSurvey(service, token, workspaceId);
    const startedAt = Date.now();
    let askedAfterMs: number | undefined;
    const confirm = async (): Promise<ElicitResult> => {
      askedAfterMs = Date.now() - startedAt;
      return { action: 'accept', content: { confirm: true } };
    };
    const client = await askingClient(service.baseUrl, token, { elicit: confirm });
    const result = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[0] } });
    await client.close();
    expect(askedAfterMs).toBeLessThan(2_000);
    expect(result.isError).toBeFalsy();
    expect(await questionIdsOf(service, token, surveyId)).toEqual([questionIds[1]]);
  }, 70_000);

  it('loses none of 60 tool calls in flight when one instance gets SIGTERM 150 ms in, in 5 rounds', async () => {
    const lost: string[][] = [];
    for (let round = 0; round < 5; round++) {
      const victim = instances[round % 2]!;
      const calls = Array.from({ length: 60 }, () =>
        postMcp(service, rpc('tools/call', { name: 'list_surveys', arguments: {} }), { token }).then(
          async (response) => (response.status === 200 && !(await response.text()).includes('"isError":true') ? undefined : `HTTP ${response.status}`),
          (error: Error) => error.message,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      victim.serve.child.kill('SIGTERM');
      const failures = (await Promise.all(calls)).filter((failure) => failure !== undefined);
      lost.push(failures as string[]);
      expect(await victim.serve.finished(20_000)).toBe(0);
      victim.serve = await startInstance(victim);
      await servedThroughNginx(victim);
    }
    expect(lost, nginx?.errorLog()).toEqual([[], [], [], [], []]);
  }, 240_000);
});
