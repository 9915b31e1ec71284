import { type Check, fail, notVerified } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';

/** What the runner registered itself as: the connected-apps page must name it once the person approved it. */
const RUNNER_CLIENT_NAME = 'survey-mcp conformance';

export const connectedAppsPage: Check = {
  id: 'connected-apps-page',
  group: 'authorization',
  title: "The connected-apps page shows a signed-in person the clients they approved (the runner's among them), not the sign-in form again",
  spec: 'section 5.5 rule 1 (the person revokes a client from the connected-apps page of their profile)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const page = ctx.settings.connectedAppsUrl;
    if (!page) notVerified("needs --connected-apps-url: the person's connected-apps page on the auth host");
    const visit = ctx.signIn().visit;
    if (!visit) notVerified('needs a headless sign-in (--user/--password): the runner reads the page with the session it signed in with');
    // The main authorization: it signed the person in and approved the runner's client.
    await ctx.session();
    const exchanges = await visit(new URL(page));
    cite(...exchanges);
    const last = exchanges.at(-1)!;
    const { status, body } = last.response;
    const where = `GET ${page}${exchanges.length > 1 ? ` (after ${exchanges.length - 1} redirects, at ${last.request.url})` : ''}`;
    if (status !== 200) fail(`${where} answered the signed-in person ${describeResponse(last)}, not their connected apps`);
    if (/<input[^>]+type=["']?password/i.test(body)) fail(`${where} answered the signed-in person with a sign-in form again, not their connected apps`);
    if (!body.includes(RUNNER_CLIENT_NAME)) fail(`${where} does not name "${RUNNER_CLIENT_NAME}", the client the person just approved`);
    return `${where} lists "${RUNNER_CLIENT_NAME}" for the signed-in person`;
  },
};
