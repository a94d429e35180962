// Summarises a V8 CPU profile (`node --cpu-prof`): self time by script and by function, so a
// missed target can be traced to where the time goes.
// Usage: node bench/lib/cpu-profile-summary.mjs FILE.cpuprofile [top]
import { readFileSync } from 'node:fs';

export function summarize(profile, top = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  const byScript = new Map();
  const byFunction = new Map();
  for (const [id, ms] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const script = frame.url === '' ? `(${frame.functionName || 'native'})` : frame.url;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const name = `${frame.functionName || '(anonymous)'} ${script.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  const total = (profile.endTime - profile.startTime) / 1000;
  return { total, byScript: sorted(byScript), byFunction: sorted(byFunction) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node bench/lib/cpu-profile-summary.mjs FILE.cpuprofile [top]');
  const summary = summarize(JSON.parse(readFileSync(file, 'utf8')), Number(process.argv[3] ?? 25));
  console.log(`profile: ${summary.total.toFixed(0)} ms`);
  console.log('\nself time by script (ms)');
  for (const [name, ms] of summary.byScript) console.log(`${ms.toFixed(1).padStart(8)}  ${name}`);
  console.log('\nself time by function (ms)');
  for (const [name, ms] of summary.byFunction) console.log(`${ms.toFixed(1).padStart(8)}  ${name}`);
}
