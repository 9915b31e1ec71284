import { fail, type Check } from '../../check.js';
import { header } from '../../http.js';
import { refreshRun } from './experiments.js';

export const refreshNoStore: Check = {
  id: 'refresh-no-store',
  group: 'authorization',
  title: 'A renewed token comes with Cache-Control: no-store',
  spec: 'RFC 6749 section 5.1 (MUST, every answer carrying tokens); field notes: token endpoint',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { refresh } = await refreshRun(ctx);
    const answer = refresh.at(-1);
    if (!answer) fail('the refresh was not recorded');
    const cacheControl = header(answer, 'cache-control') ?? '';
    if (!/\bno-store\b/i.test(cacheControl)) fail(`the refresh grant's token response lacks Cache-Control: no-store (got "${cacheControl}")`);
    return `the refresh grant's token response carries Cache-Control: ${cacheControl}`;
  },
};
