import { fail, type Check } from '../../check.js';
import { authorizationServerDocuments } from './documents.js';

const AUTH_HOST_PATHS = {
  authorization_endpoint: '/oauth/authorize',
  token_endpoint: '/oauth/token',
  revocation_endpoint: '/oauth/revoke',
} as const;

export const endpoints: Check = {
  id: 'endpoints',
  group: 'discovery',
  title: 'The metadata places the endpoints where section 5.2 puts them',
  spec: 'section 5.2',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const problems: string[] = [];
    let authUrl = '';
    for (const { path, json } of await authorizationServerDocuments(ctx)) {
      const prefixes = new Set<string>();
      for (const [field, suffix] of Object.entries(AUTH_HOST_PATHS)) {
        const value = json[field];
        if (typeof value !== 'string' || !value.endsWith(suffix) || !URL.canParse(value)) {
          problems.push(`"${field}" in ${path} is ${JSON.stringify(value)}, expected {auth_url}${suffix}`);
        } else {
          prefixes.add(value.slice(0, -suffix.length));
        }
      }
      if (prefixes.size > 1) problems.push(`the endpoints in ${path} are on different hosts: ${[...prefixes].join(', ')}`);
      authUrl = [...prefixes][0] ?? authUrl;
      const registration = `${ctx.target.baseUrl}/register`;
      if (json['registration_endpoint'] !== registration) {
        problems.push(`"registration_endpoint" in ${path} is ${JSON.stringify(json['registration_endpoint'])}, expected "${registration}"`);
      }
    }
    if (problems.length > 0) fail(problems.join('; '));
    return `authorize, token and revoke under ${authUrl}; registration at ${ctx.target.baseUrl}/register`;
  },
};
