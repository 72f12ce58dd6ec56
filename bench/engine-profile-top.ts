/**
 * The functions with the most self time in a V8 CPU profile (`node --cpu-prof`), as a table: self
 * time in ms and as a share of the profile, function, file:line; and the same summed per file.
 * Idle and garbage collection are listed as V8 names them ("(idle)", "(garbage collector)").
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/engine.bench.ts chain
 *   node --import tsx bench/engine-profile-top.ts /tmp/prof/CPU….cpuprofile [rows]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: engine-profile-top.ts <file.cpuprofile> [rows]');
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, 'node_modules/')
    .replace(process.cwd() + '/', '');
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, us] of selfUs) {
  const f = byId.get(id)!.callFrame;
  const where = f.url ? `${shortUrl(f.url)}:${f.lineNumber + 1}` : '';
  const key = `${f.functionName || '(anonymous)'}  ${where}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const fileKey = f.url ? shortUrl(f.url) : f.functionName;
  byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + us);
}
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (profile ${(total / 1000).toFixed(0)} ms)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
  }
};
print('self time by function', byFunction);
print('self time by file', byFile);
