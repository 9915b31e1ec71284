import { describe, expect, it } from 'vitest';
import { checkClientIdUrl, isMetadataDocumentUrl, verifiedHostOf } from './client-id-url.js';

describe('client_id URLs', () => {
  it('accepts an https URL with a path, a port or a query', () => {
    for (const id of ['https://claude.ai/oauth/mcp-oauth-client-metadata', 'https://app.example:8443/client.json', 'https://app.example/c?v=1']) {
      expect(checkClientIdUrl(id).href).toBe(id);
    }
  });

  it.each([
    ['http://app.example/client.json', 'must use https'],
    ['https://app.example/', 'must have a path'],
    ['https://app.example', 'must have a path'],
    ['https://app.example/a/../client.json', "'.' or '..' path segments"],
    ['https://app.example/./client.json', "'.' or '..' path segments"],
    ['https://app.example/client.json#x', 'fragment'],
    ['https://user:pw@app.example/client.json', 'user name or password'],
    ['https://App.Example/client.json', "normal form: 'https://app.example/client.json'"],
    ['https://app.example/a b', 'normal form'],
    ['https://', 'not an absolute URL'],
  ])('refuses %s', (id, why) => {
    expect(() => checkClientIdUrl(id)).toThrow(why);
  });

  it('names the URL in the refusal', () => {
    expect(() => checkClientIdUrl('https://app.example/')).toThrow(
      "the client_id 'https://app.example/' is not a usable client metadata URL: it must have a path, e.g. https://app.example/oauth/client.json",
    );
  });

  it('tells metadata URLs from our own client ids and shows their host', () => {
    expect(isMetadataDocumentUrl('https://claude.ai/oauth/mcp-oauth-client-metadata')).toBe(true);
    expect(isMetadataDocumentUrl('cli_abc')).toBe(false);
    expect(verifiedHostOf('https://claude.ai/oauth/mcp-oauth-client-metadata')).toBe('claude.ai');
    expect(verifiedHostOf('https://app.example:8443/c.json')).toBe('app.example:8443');
    expect(verifiedHostOf('cli_abc')).toBeUndefined();
  });
});
