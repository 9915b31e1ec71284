import { fail, type Check } from '../../check.js';
import { isObject } from '../../mcp.js';
import { appTools, readView, viewsOf } from './mcp-apps.js';

const CSP_LISTS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/** An origin as the CSP metadata takes it: scheme and host (a `*.` wildcard allowed), no path. */
function isOrigin(value: unknown): boolean {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const url = new URL(value.replace('://*.', '://wildcard.'));
  return url.host !== '' && url.pathname === '/' && !value.endsWith('/') && url.search === '' && url.hash === '';
}

export const mcpAppResourceCsp: Check = {
  id: 'mcp-app-resource-csp',
  group: 'mcp',
  era: 'any',
  title: "A view's _meta.ui declares its CSP domains as lists of origins a host can enforce, and permissions, domain and prefersBorder in their shapes",
  spec: 'MCP Apps (specification 2026-01-26), "UI Resource Format" (McpUiResourceCsp, UIResourceMeta); "Host Behavior" (CSP built from the declared domains)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const notes: string[] = [];
    for (const { era, uri } of viewsOf(await appTools(ctx))) {
      const meta = (await readView(ctx, era, uri))['_meta'];
      const view = `${era}: ${uri}`;
      const ui = isObject(meta) ? meta['ui'] : undefined;
      if (ui === undefined) {
        notes.push(`${view}: no _meta.ui, so hosts apply the restrictive default`);
        continue;
      }
      if (!isObject(ui)) fail(`${view}: _meta.ui is ${JSON.stringify(ui)}, not an object`);
      const csp = ui['csp'];
      if (csp !== undefined && !isObject(csp)) fail(`${view}: _meta.ui.csp is ${JSON.stringify(csp)}, not an object`);
      for (const list of CSP_LISTS) {
        const domains = isObject(csp) ? csp[list] : undefined;
        if (domains === undefined) continue;
        if (!Array.isArray(domains)) fail(`${view}: _meta.ui.csp.${list} is ${JSON.stringify(domains)}, not a list of origins`);
        const bad = domains.filter((domain) => !isOrigin(domain));
        if (bad.length > 0) fail(`${view}: _meta.ui.csp.${list} holds ${bad.map((domain) => JSON.stringify(domain)).join(', ')}: not an origin (scheme and host only)`);
      }
      const permissions = ui['permissions'];
      if (permissions !== undefined) {
        if (!isObject(permissions)) fail(`${view}: _meta.ui.permissions is ${JSON.stringify(permissions)}, not an object`);
        const notObjects = Object.entries(permissions).filter(([, granted]) => !isObject(granted));
        if (notObjects.length > 0) {
          fail(`${view}: _meta.ui.permissions ${notObjects.map(([name, granted]) => `${name} is ${JSON.stringify(granted)}`).join(', ')}: each permission is an object ({})`);
        }
      }
      if (ui['prefersBorder'] !== undefined && typeof ui['prefersBorder'] !== 'boolean') fail(`${view}: _meta.ui.prefersBorder is not a boolean`);
      if (ui['domain'] !== undefined && typeof ui['domain'] !== 'string') fail(`${view}: _meta.ui.domain is not a string`);
      notes.push(`${view}: ${isObject(csp) ? `csp ${JSON.stringify(csp)}` : 'no csp, so hosts apply the restrictive default'}`);
    }
    return notes.join('; ');
  },
};
