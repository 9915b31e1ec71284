import { describe, expect, it } from 'vitest';
import { ConfigError } from './parse.js';
import { resolveSso } from './sign-in.js';

const sso = { ssoIssuer: 'https://company.okta.com', ssoClientId: '0oa1' };

describe('--sso-id-jag', () => {
  it('is off by default and on with the flag or SURVEY_MCP_SSO_ID_JAG=true or 1', () => {
    expect(resolveSso(sso, {})).not.toHaveProperty('idJag');
    expect(resolveSso({ ...sso, ssoIdJag: true }, {})).toMatchObject({ idJag: true });
    expect(resolveSso(sso, { SURVEY_MCP_SSO_ID_JAG: 'true' })).toMatchObject({ idJag: true });
    expect(resolveSso(sso, { SURVEY_MCP_SSO_ID_JAG: '1' })).toMatchObject({ idJag: true });
    expect(resolveSso(sso, { SURVEY_MCP_SSO_ID_JAG: 'false' })).not.toHaveProperty('idJag');
  });

  it('refuses a variable that is not a switch, naming it and its value', () => {
    expect(() => resolveSso(sso, { SURVEY_MCP_SSO_ID_JAG: 'yes please' })).toThrow(new ConfigError("SURVEY_MCP_SSO_ID_JAG 'yes please' must be true, false, 1 or 0"));
  });

  it('needs the identity provider whose ID-JAGs are redeemed', () => {
    expect(() => resolveSso({ ssoIdJag: true }, {})).toThrow(/--sso-id-jag needs --sso-issuer/);
    expect(() => resolveSso({}, { SURVEY_MCP_SSO_ID_JAG: 'true' })).toThrow(/--sso-id-jag needs --sso-issuer/);
  });
});
