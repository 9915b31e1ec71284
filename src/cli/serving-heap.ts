import { setFlagsFromString } from 'node:v8';

/**
 * V8's heap settings for `serve --lean-memory`. By default V8 lets the heap grow to several times
 * what it keeps between full collections and keeps a 32 MiB young generation once load has grown
 * it: under the bench's load the server holds about 150–180 MiB. `--optimize-for-size` makes every
 * full collection one that also gives memory back (the young generation shrinks to 16 MiB,
 * old-space pages are compacted): about 120–130 MiB, but the requests in flight then outlive the
 * smaller young generation and each full collection compacts, so a request costs two to three
 * times the CPU (docs/benchmarks.md): the operator's choice, not the default. It is read
 * at each collection, so setting it once the process runs takes effect; a flag read only when the
 * heap is made, such as `--max-semi-space-size`, would not (it belongs on the `node` command line).
 */
export const leanHeapFlags = ['--optimize-for-size'] as const;

/** Applies `leanHeapFlags` to this process: `serve --lean-memory` does, and the bench's lean row. */
export function useLeanHeap(): void {
  for (const flag of leanHeapFlags) setFlagsFromString(flag);
}
