import { inEra, missingEra, requirementsFrom, type Requirement } from './requirement.js';

const apps = requirementsFrom('MCP Apps', 'any');

const HOST = 'binds the host that renders the view (an MCP client), not the server; the runner is no host';
const VIEW = 'binds the view (the page running in the host), not the server';
const PERMISSION = 'a permission: either choice conforms, so there is nothing to fail';

/**
 * MCP Apps, the io.modelcontextprotocol/ui extension (ext-apps, specification/2026-01-26/apps.mdx,
 * "Stable"), read whole. The server's share is the ui:// resource, the tool's `_meta.ui` and the
 * tool result; the rest binds hosts and views, listed with that reason.
 */
export const MCP_APPS_REQUIREMENTS: readonly Requirement[] = [
  apps.must('apps-resource-ui-scheme', 'UI Resource Format', "A view's URI uses the ui:// scheme", ['mcp-app-tool-ui-resource', 'mcp-app-resource-read']),
  apps.should('apps-resource-declared-mime-type', 'UI Resource Format', 'A view listed in resources/list declares mimeType text/html;profile=mcp-app', [
    'mcp-app-listed-view-mime-type',
  ]),
  apps.must('apps-content-mime-type', 'UI Resource Format, Content Requirements', 'resources/read gives the view as text/html;profile=mcp-app', [
    'mcp-app-resource-read',
  ]),
  apps.must('apps-content-text-or-blob', 'UI Resource Format, Content Requirements', 'The content is given as text or as a base64 blob, one of the two', ['mcp-app-resource-read']),
  apps.must('apps-content-html5', 'UI Resource Format, Content Requirements', 'The content is a valid HTML5 document', ['mcp-app-resource-read', 'app-views-whole-documents']),
  apps.must('apps-content-uri', 'UI Resource Format, resources/read response', 'The content read is under the URI that was read', ['mcp-app-resource-read']),
  apps.must('apps-csp-metadata', 'UI Resource Format (McpUiResourceCsp, UIResourceMeta)', "_meta.ui.csp lists origins, one list per directive, so hosts can build the CSP from them; permissions, domain and prefersBorder keep their shapes", [
    'mcp-app-resource-csp',
  ]),
  apps.must('apps-domain-format', 'UI Resource Format (UIResourceMeta.domain)', "A server consults each host's documentation for the domain format", {
    unobservable: 'a process the server follows, with a format each host defines',
  }),
  apps.should('apps-permissions-not-assumed', 'UI Resource Format (UIResourceMeta.permissions)', 'Views do not assume requested permissions are granted', { unobservable: VIEW }),
  apps.must('apps-host-csp', 'UI Resource Format, Host Behavior; Security Implications 4', 'Hosts build and enforce the CSP from the declared domains, with the restrictive default when none are declared, and never loosen it', {
    unobservable: HOST,
  }),
  apps.should('apps-host-csp-audit', 'UI Resource Format, Host Behavior', 'Hosts log CSP configurations', { unobservable: HOST }),
  apps.must('apps-resource-exists', 'Resource Discovery, Behavior', 'The view a tool names exists on the server', ['mcp-app-resource-read']),
  apps.must('apps-host-resources-read', 'Resource Discovery, Behavior', 'Hosts fetch the view with resources/read (and may prefetch and cache it)', { unobservable: HOST }),
  apps.may('apps-list-omission', 'Resource Discovery, Behavior', 'Servers may leave views out of resources/list and list_changed', { unobservable: PERMISSION }),
  apps.must('apps-tool-visibility', 'Resource Discovery (McpUiToolMeta), Visibility', 'A tool\'s _meta.ui.visibility, when given, lists "model" and/or "app"', ['mcp-app-tool-ui-resource']),
  apps.must('apps-host-visibility', 'Resource Discovery, Visibility', "Hosts hide app-only tools from the model and refuse apps' calls of model-only tools", { unobservable: HOST }),
  apps.must('apps-sandbox-proxy', 'Sandbox proxy 1-8', 'A web host wraps the view in a sandbox proxy of another origin, with the stated permissions, messages and CSP', {
    unobservable: HOST,
  }),
  apps.must('apps-view-capabilities', 'App Capabilities in ui/initialize', 'The view sends its appCapabilities in ui/initialize', { unobservable: VIEW }),
  apps.should('apps-host-context', 'Host Context in McpUiInitializeResult', 'Hosts send hostContext in the ui/initialize result', { unobservable: HOST }),
  apps.must('apps-host-size-changed', 'Container Dimensions, Host Behavior', 'Hosts with flexible dimensions follow ui/notifications/size-changed', { unobservable: HOST }),
  apps.must('apps-display-modes-view', 'Display Modes, Requirements', 'Views declare their display modes, check the host offers one before asking, and handle a different answer', {
    unobservable: VIEW,
  }),
  apps.must('apps-display-modes-host', 'Display Modes, Requirements', "Hosts switch only to a mode the view declared and answer with the resulting mode", { unobservable: HOST }),
  apps.should('apps-host-messages', 'MCP Apps Specific Messages, Requests', 'Hosts open links, add ui/message to the conversation and pass the latest model context on', { unobservable: HOST }),
  apps.must('apps-host-notifications', 'MCP Apps Specific Messages, Notifications', 'Hosts send tool-input, tool-result, tool-cancelled and resource-teardown when due, and stop partial input once complete', {
    unobservable: HOST,
  }),
  apps.should('apps-view-notifications', 'MCP Apps Specific Messages, Notifications', 'Views report size changes and merge host-context changes, and never rely on partial input', {
    unobservable: VIEW,
  }),
  apps.should('apps-server-checks-capability', 'Client<>Server Capability Negotiation, Server Behavior', 'Servers check the client offers the extension before registering tools with a view', [
    missingEra('2025-11-25', 'no check initializes without the io.modelcontextprotocol/ui extension and reads tools/list'),
    inEra('2026-07-28', 'modern-app-tools-need-extension'),
  ]),
  apps.should('apps-text-fallback', 'Client<>Server Capability Negotiation, Graceful Degradation', 'Every tool with a view also works as plain text', {
    unobservable:
      "calling the tool needs arguments the runner cannot know for every deployment (a survey the person may read); tools-call and the tool-error checks prove text content for the other tools",
  }),
  apps.must('apps-content-array', 'Client<>Server Capability Negotiation, Graceful Degradation', 'A tool with a view still returns a meaningful content array', {
    unobservable: 'as apps-text-fallback: the call needs a survey the person may read, which the runner cannot name for every deployment',
  }),
  apps.may('apps-variants', 'Client<>Server Capability Negotiation, Graceful Degradation', 'Servers may register tool variants by host capability', { unobservable: PERMISSION }),
  apps.must('apps-sandboxed-iframes', 'Security Implications 1', 'All view content is rendered in sandboxed iframes', { unobservable: HOST }),
  apps.must('apps-host-blocks-undeclared', 'Security Implications 4', 'Hosts block connections to undeclared domains and should warn about external access', { unobservable: HOST }),
];
