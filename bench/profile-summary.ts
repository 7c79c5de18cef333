/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, as bench/request-cost.ts --profile writes it):
 * the functions with the most self time, and the share of time spent under chosen functions
 * (inclusive), over the profile's last N seconds only (the load; start-up is left out).
 *
 *   node --import tsx bench/profile-summary.ts FILE.cpuprofile [--last 10] [--top 25] [--under name1,name2]
 */
import fs from 'node:fs';
import { option } from './options';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const args = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(args[0]!, 'utf8')) as Profile;
const LAST_US = Number(option('last') ?? 10) * 1e6;
const TOP = Number(option('top') ?? 25);
const UNDER = (option('under') ?? '').split(',').filter(Boolean);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const where = (n: Node) => {
  const url = n.callFrame.url.replace(/^file:\/\//, '').replace(/.*\/node_modules\//, '').replace(/.*\/wt-[^/]+\//, '');
  return `${n.callFrame.functionName || '(anonymous)'} ${url ? `${url}:${n.callFrame.lineNumber + 1}` : ''}`.trim();
};

// sample times: startTime plus the running sum of deltas; keep the last window
let t = profile.startTime;
const times = profile.timeDeltas.map((d) => (t += d));
const from = profile.endTime - LAST_US;
const self = new Map<string, number>();
const under = new Map<string, number>(UNDER.map((u) => [u, 0]));
let total = 0;
profile.samples.forEach((id, i) => {
  if (times[i]! < from) return;
  total += 1;
  const node = byId.get(id)!;
  self.set(where(node), (self.get(where(node)) ?? 0) + 1);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = byId.get(at)!.callFrame.functionName;
    if (under.has(name) && !seen.has(name)) {
      seen.add(name);
      under.set(name, under.get(name)! + 1);
    }
  }
});

const pct = (n: number) => `${((100 * n) / total).toFixed(1)} %`;
console.log(`${total} samples in the last ${LAST_US / 1e6} s\n\n| self | function |\n|---|---|`);
for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`| ${pct(n)} | ${name.replace(/\|/g, '\\|')} |`);
if (UNDER.length) {
  console.log('\n| inclusive | under |\n|---|---|');
  for (const [name, n] of under) console.log(`| ${pct(n)} | ${name} |`);
}
