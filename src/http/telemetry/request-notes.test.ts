import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { noteMessages, noteOf, noteToolError, watch } from './request-notes.js';

const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_me' } };
const toolError = { jsonrpc: '2.0', id: 1, result: { isError: true, content: [] } };

describe('request notes', () => {
  it('note the era, method, tool and a tool error of an answer the metrics or the log will read', () => {
    const res = {} as ServerResponse;
    watch(res);
    noteMessages(res, '2025-11-25', [call]);
    noteToolError(res, toolError);
    expect(noteOf(res)).toEqual({ era: '2025-11-25', method: 'tools/call', tool: 'get_me', toolError: true });
  });

  it('spend nothing on them when nothing will read them (metrics and log off)', () => {
    const res = {} as ServerResponse;
    noteMessages(res, '2026-07-28', [call]);
    noteToolError(res, toolError);
    expect(noteOf(res)).toEqual({});
  });

  it('name a batch `batch` and a method nobody knows `other`, without a tool', () => {
    const res = {} as ServerResponse;
    watch(res);
    noteMessages(res, '2025-11-25', [call, call]);
    expect(noteOf(res)).toMatchObject({ method: 'batch', tool: undefined });
    noteMessages(res, '2025-11-25', [{ jsonrpc: '2.0', id: 2, method: 'x/y' }]);
    expect(noteOf(res)).toMatchObject({ method: 'other', tool: undefined });
  });
});
