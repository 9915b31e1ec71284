/**
 * `node dist/bench/profile-summary.js FILE.cpuprofile [TOP]`: what dominates a server child's
 * profile (written by `npm run bench -- --profile DIR`), as shares of the busy samples, by
 * package or source folder and by function. Idle samples are left out of the shares.
 *
 * The profiler samples wall time: a thread descheduled inside a system call (e.g. `writev` on
 * loopback) is counted there, so read the shares beside the run's CPU µs per request.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

function summarise(profile: CpuProfile, top: number): string {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const busy = [...selfMicros].filter(([id]) => nodes.get(id)?.callFrame.functionName !== '(idle)');
  const busyMicros = busy.reduce((sum, [, micros]) => sum + micros, 0);

  const ranked = (keyOf: (node: ProfileNode) => string) => {
    const totals = new Map<string, number>();
    for (const [id, micros] of busy) {
      const key = keyOf(nodes.get(id)!);
      totals.set(key, (totals.get(key) ?? 0) + micros);
    }
    return [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, micros]) => `${((100 * micros) / busyMicros).toFixed(1).padStart(6)}%  ${key}`);
  };
  return [
    `${(busyMicros / 1e6).toFixed(2)} s busy`,
    '',
    'by package or folder (self time):',
    ...ranked(packageOf),
    '',
    'by function (self time):',
    ...ranked((node) => `${node.callFrame.functionName || '(anonymous)'}  ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`),
  ].join('\n');
}

/** `express`, `@modelcontextprotocol/sdk`, `node:_http_server`, `dist/src/limits/`, or a V8 bucket such as `(garbage collector)`. */
function packageOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1]!;
  return url.startsWith('node:') ? url : shortUrl(url).replace(/[^/]+$/, '');
}

function shortUrl(url: string): string {
  return url.replace(/^file:\/\/.*?\/(node_modules|dist)\//, '$1/');
}

const [file, top = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node dist/bench/profile-summary.js FILE.cpuprofile [TOP]');
  process.exitCode = 2;
} else {
  console.log(summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(top)));
}
