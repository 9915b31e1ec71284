import { fail, skip, type Check } from '../../check.js';
import { offeredEras } from '../../eras.js';
import { describeResponse } from '../../expect.js';
import { MODERN_REVISION, MODERN_SPEC } from '../../modern.js';

/** A legacy client cannot fall forward: the error it gets may be all its person ever reads. */
export const modernInitializeNamesVersions: Check = {
  id: 'modern-initialize-names-versions',
  group: 'modern-mcp',
  title: 'A deployment that speaks only 2026-07-28 names the versions it supports in its refusal of initialize',
  spec: `${MODERN_SPEC} basic/versioning "Backward Compatibility with Initialization-Based Versions" (SHOULD)`,
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const eras = await offeredEras(ctx);
    if (eras.legacy) skip(`the deployment speaks 2025-11-25 too (initialize answered ${eras.legacyAnswer}); the rule binds modern-only servers`);
    const { exchange } = await ctx.mcp.initialize(await ctx.accessToken());
    if (!exchange.response.body.includes(MODERN_REVISION)) fail(`initialize was refused without naming ${MODERN_REVISION}: ${describeResponse(exchange)}`);
    return `initialize refused, naming ${MODERN_REVISION}`;
  },
};
