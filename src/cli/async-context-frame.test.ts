import { describe, expect, it } from 'vitest';
import { asyncContextFrameFlags } from './async-context-frame.js';

describe('asyncContextFrameFlags', () => {
  it('asks Node 22 and 23 for the async context frame, and Node 24 on (its default) for nothing', () => {
    expect(asyncContextFrameFlags('22.23.3')).toEqual(['--experimental-async-context-frame']);
    expect(asyncContextFrameFlags('23.11.0')).toEqual(['--experimental-async-context-frame']);
    expect(asyncContextFrameFlags('24.21.0')).toEqual([]);
    expect(asyncContextFrameFlags('25.0.0')).toEqual([]);
  });
});
