import { describe, expect, it } from 'vitest';
import { clientFromDocument } from './validate-document.js';

const url = 'https://app.example/oauth/client.json';
const good = {
  client_id: url,
  client_name: 'Example App',
  redirect_uris: ['https://app.example/callback', 'http://127.0.0.1/callback'],
  grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
  logo_uri: 'https://app.example/logo.png',
};

const refusal = (document: unknown) => {
  try {
    clientFromDocument(url, document, 0);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the document was accepted');
};

describe('client metadata documents', () => {
  it('yields the client shape of a registration, keeping only the grants we offer', () => {
    expect(clientFromDocument(url, good, 42)).toEqual({
      id: url,
      name: 'Example App',
      redirectUris: good.redirect_uris,
      grantTypes: ['authorization_code', 'refresh_token'],
      responseTypes: ['code'],
      scope: 'mcp_customer',
      createdAt: 42,
    });
  });

  it('defaults to both grants and a public client when the document names neither', () => {
    const { grant_types: _g, token_endpoint_auth_method: _t, ...minimal } = good;
    expect(clientFromDocument(url, minimal, 0).grantTypes).toEqual(['authorization_code', 'refresh_token']);
  });

  it('keeps the keys of a private_key_jwt client, at its jwks_uri or inline, and none of a public one', () => {
    const jwksUri = 'https://app.example/jwks.json';
    expect(clientFromDocument(url, { ...good, token_endpoint_auth_method: 'private_key_jwt', jwks_uri: jwksUri }, 0).keys).toEqual({ jwksUri });
    const jwks = { keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }] };
    expect(clientFromDocument(url, { ...good, token_endpoint_auth_method: 'private_key_jwt', jwks }, 0).keys).toEqual({ jwks });
    expect(clientFromDocument(url, { ...good, jwks_uri: 'not a url' }, 0).keys).toBeUndefined();
  });

  it('marks a private_key_jwt document that also lists none among its methods (RP Metadata Choices) as public too', () => {
    const document = { ...good, token_endpoint_auth_method: 'private_key_jwt', jwks_uri: 'https://app.example/jwks.json' };
    expect(clientFromDocument(url, { ...document, token_endpoint_auth_methods_supported: ['private_key_jwt', 'none'] }, 0).publicToo).toBe(true);
    expect(clientFromDocument(url, { ...document, token_endpoint_auth_methods_supported: ['private_key_jwt'] }, 0).publicToo).toBeUndefined();
    expect(clientFromDocument(url, document, 0).publicToo).toBeUndefined();
  });

  it('refuses a client_id that differs from the URL, even by a trailing slash', () => {
    expect(refusal({ ...good, client_id: `${url}/` })).toBe(
      `the client metadata document at '${url}' says its 'client_id' is '${url}/': it must equal the document's URL byte for byte`,
    );
  });

  it.each([
    [[1, 2], 'is not a JSON object'],
    ['text', 'is not a JSON object'],
    [{ ...good, client_secret: 's3cret' }, "carries 'client_secret'"],
    [{ ...good, client_secret_expires_at: 0 }, "carries 'client_secret'"],
    [{ ...good, token_endpoint_auth_method: 'client_secret_basic' }, "'token_endpoint_auth_method' that must be 'none', 'private_key_jwt' or absent"],
    [{ ...good, token_endpoint_auth_method: 'private_key_jwt' }, "names no keys: add 'jwks_uri' (or 'jwks')"],
    [{ ...good, token_endpoint_auth_method: 'private_key_jwt', jwks_uri: 'http://app.example/jwks.json' }, "'jwks_uri' that must be an https URL"],
    [{ ...good, token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: 'none' } }, "'jwks.keys' that must be an array of JSON Web Keys"],
    [
      { ...good, token_endpoint_auth_method: 'private_key_jwt', jwks_uri: 'https://app.example/jwks.json', jwks: { keys: [] } },
      "has both 'jwks_uri' and 'jwks'",
    ],
    [{ ...good, client_name: undefined }, "'client_name' that must be a string"],
    [{ ...good, client_name: 'Claude\u202Eevil' }, 'text-direction characters'],
    [{ ...good, client_name: 'Claude\nAdmin' }, 'control or text-direction'],
    [{ ...good, client_name: '\u3164' }, "'client_name' that must contain a visible character"],
    [{ ...good, client_name: '\u2800 \u115F' }, 'must contain a visible character'],
    [{ ...good, client_name: 'Claude — claude.ai' }, "must not take the form 'Name — host.example'"],
    [{ ...good, redirect_uris: [] }, "'redirect_uris' that must list at least one"],
    [{ ...good, redirect_uris: ['http://evil.example/cb'] }, "'redirect_uris[0]' 'http://evil.example/cb' that is refused: it uses http on a non-loopback host"],
    [{ ...good, redirect_uris: ['javascript:alert(1)'] }, 'forbidden scheme'],
    [{ ...good, grant_types: ['client_credentials'] }, "must include 'authorization_code'"],
    [{ ...good, response_types: ['token'] }, "must include 'code'"],
  ])('refuses %j', (document, why) => {
    expect(refusal(document)).toContain(why);
  });

  it('ignores what it does not use, as the big clients publish it: a bad logo_uri, other hosts, scope, contacts', () => {
    const published = {
      ...good,
      logo_uri: 'not a uri',
      client_uri: 'https://www.other.example',
      tos_uri: 'https://legal.other.example/terms',
      policy_uri: 'https://legal.other.example/privacy',
      software_id: 'f3c9a1e2',
      software_version: '2.1.332',
      contacts: ['security@app.example'],
      scope: 'openid profile offline_access user:inference',
      redirect_uris: ['http://localhost/callback', 'http://127.0.0.1/callback'],
    };
    expect(clientFromDocument(url, published, 0)).toMatchObject({ name: 'Example App', redirectUris: published.redirect_uris, scope: 'mcp_customer' });
  });

  it('shortens a name too long to show instead of refusing it', () => {
    const name = `Example ${'App '.repeat(100)}`.trim();
    const shown = clientFromDocument(url, { ...good, client_name: name }, 0).name;
    expect([...shown]).toHaveLength(80);
    expect(shown.endsWith('…')).toBe(true);
    expect(name.startsWith(shown.slice(0, -1))).toBe(true);
  });
});
