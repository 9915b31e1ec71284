import { describe, expect, it } from 'vitest';
import { mcpNameMismatch } from './name-header.js';

const call = (name: unknown) => ({ jsonrpc: '2.0' as const, id: 1, method: 'tools/call', params: { name, arguments: {} } });

describe('mcpNameMismatch', () => {
  it('accepts the name as sent, with surrounding spaces or tabs, or as a Base64 sentinel', () => {
    for (const header of ['get_me', ' \tget_me\t ', `=?base64?${Buffer.from('get_me').toString('base64')}?=`]) {
      expect(mcpNameMismatch(call('get_me'), header), header).toBeUndefined();
    }
  });

  it('says what is wrong with a missing, different or badly encoded header', () => {
    expect(mcpNameMismatch(call('get_me'), undefined)).toBe("the Mcp-Name header is missing (the body carries params.name 'get_me')");
    expect(mcpNameMismatch(call('get_me'), 'get_survey')).toBe("the Mcp-Name header names 'get_survey' but the body carries params.name 'get_me'");
    expect(mcpNameMismatch(call('get_me'), '=?base64?not base64!?=')).toBe("the Mcp-Name header '=?base64?not base64!?=' is not a valid Base64 sentinel value");
  });

  it('expects no header for methods that mirror no name, or a body without one', () => {
    expect(mcpNameMismatch({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, undefined)).toBeUndefined();
    expect(mcpNameMismatch(call(undefined), undefined)).toBeUndefined();
  });
});
