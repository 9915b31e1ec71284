import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pendingAccepts } from './accept-queue.js';

const dir = mkdtempSync(join(tmpdir(), 'accept-queue-'));
const table = join(dir, 'tcp');
// Port 8787 is 0x2253: a listener with 3 connections not yet accepted, and an established connection on it.
writeFileSync(
  table,
  [
    '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 0100007F:2253 00000000:0000 0A 00000000:00000003 00:00000000 00000000     0        0 1 1',
    '   1: 0100007F:2253 0100007F:D431 01 00000000:00000040 00:00000000 00000000     0        0 2 1',
    '   2: 0100007F:2254 00000000:0000 0A 00000000:00000007 00:00000000 00000000     0        0 3 1',
  ].join('\n'),
);

describe('pendingAccepts', () => {
  it("counts the accept queue of the port's listeners only, not its connections' data nor other ports", () => {
    expect(pendingAccepts(8787, [table])).toBe(3);
    expect(pendingAccepts(8789, [table])).toBe(0);
  });

  it('is 0 where the kernel keeps no such table', () => {
    expect(pendingAccepts(8787, [join(dir, 'missing')])).toBe(0);
  });
});
