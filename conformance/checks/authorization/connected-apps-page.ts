import { type Check, fail, notVerified } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite, type Exchange } from '../../http.js';
import { offersSignIn, visitWithoutSession } from '../../sign-in.js';

/** What the runner registered itself as: the connected-apps page must name it once the person approved it. */
const RUNNER_CLIENT_NAME = 'survey-mcp conformance';

export const connectedAppsPage: Check = {
  id: 'connected-apps-page',
  group: 'authorization',
  title: "The connected-apps page asks a visitor without a session to sign in, and shows a signed-in person the clients they approved (the runner's among them), not the sign-in form again",
  spec: 'section 5.5 rule 1 (the person revokes a client from the connected-apps page of their profile)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const page = ctx.settings.connectedAppsUrl;
    if (!page) notVerified("needs --connected-apps-url: the person's connected-apps page on the auth host");
    const anonymous = await visitWithoutSession(ctx.http, new URL(page));
    const asked = last(anonymous);
    const anonymousWhere = `GET ${page} without a session${redirects(anonymous)}`;
    if (asked.response.status !== 200) fail(`${anonymousWhere} answered ${describeResponse(asked)}, not a sign-in page`);
    if (!offersSignIn(asked)) fail(`${anonymousWhere} answered a page with no way to sign in (no password field, no single sign-on button)`);
    const visit = ctx.signIn().visit;
    if (!visit) notVerified('needs a headless sign-in (--user/--password): the runner reads the page with the session it signed in with');
    // The main authorization: it signed the person in and approved the runner's client.
    await ctx.session();
    const exchanges = await visit(new URL(page));
    cite(...exchanges);
    const shown = last(exchanges);
    const { status, body } = shown.response;
    const where = `GET ${page}${redirects(exchanges)}`;
    if (status !== 200) fail(`${where} answered the signed-in person ${describeResponse(shown)}, not their connected apps`);
    if (/<input[^>]+type=["']?password/i.test(body)) fail(`${where} answered the signed-in person with a sign-in form again, not their connected apps`);
    if (!body.includes(RUNNER_CLIENT_NAME)) fail(`${where} does not name "${RUNNER_CLIENT_NAME}", the client the person just approved`);
    return `${anonymousWhere} asks for a sign-in; ${where} lists "${RUNNER_CLIENT_NAME}" for the signed-in person`;
  },
};

const last = (exchanges: readonly Exchange[]): Exchange => exchanges.at(-1)!;

const redirects = (exchanges: readonly Exchange[]): string =>
  exchanges.length > 1 ? ` (after ${exchanges.length - 1} redirects, at ${last(exchanges).request.url})` : '';
