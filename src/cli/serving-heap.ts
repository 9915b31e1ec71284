import { setFlagsFromString } from 'node:v8';

/**
 * V8's heap settings for `serve`, a process that runs for days under a steady load. By default V8
 * lets the heap grow to several times what it keeps between full collections and keeps a 32 MiB
 * young generation once start-up has grown it: the server's resident memory reached 160–200 MiB
 * under the bench's load while the heap kept 20–25 MB. `--optimize-for-size` makes every full
 * collection one that also gives memory back (the young generation shrinks to 16 MiB, old-space
 * pages are compacted) and grows the heap less between collections. It is read at each
 * collection, so setting it once the process runs takes effect; a flag read only when the heap is
 * made, such as `--max-semi-space-size`, would not (it belongs on the `node` command line).
 */
export const servingHeapFlags = ['--optimize-for-size'] as const;

/** Applies `servingHeapFlags` to this process: `serve` does, and the bench's server child. */
export function tuneHeapForServing(): void {
  for (const flag of servingHeapFlags) setFlagsFromString(flag);
}
