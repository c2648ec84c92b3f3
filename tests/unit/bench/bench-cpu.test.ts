import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The CPU-per-render measure of `npm run bench` (scripts/bench-cpu.mjs, scripts/bench-proc.mjs): its batches'
 * trimmed mean and the nanosecond CPU reading. The scripts are plain ES modules for Node, so a child Node
 * (the one running the tests) imports them and prints what they answer.
 */
const scripts = path.resolve(__dirname, '../../../scripts');

function run(body: string): unknown {
  const probe = `const cpu = await import(${JSON.stringify(path.join(scripts, 'bench-cpu.mjs'))});
const proc = await import(${JSON.stringify(path.join(scripts, 'bench-proc.mjs'))});
console.log(JSON.stringify(await (async () => { ${body} })()));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').pop() ?? 'null');
}

describe('the CPU-per-render measure', () => {
  it('drops the highest and lowest tenth of the batches before averaging', () => {
    // Twenty batches: one collection-sized outlier at each end is left out, the rest averaged.
    const values = [100, ...Array.from({ length: 18 }, (_, i) => 10 + (i % 2)), 0];
    expect(run(`return cpu.trimmedMean(${JSON.stringify(values)});`)).toBeCloseTo(10.5, 5);
    expect(run('return cpu.trimmedMean([4, 2, 6]);')).toBe(4);
  });

  it("reads a process tree's CPU time finer than the 10 ms clock ticks, and it grows with work", () => {
    // Busy until the process's own CPU clock (the kernel's rusage) has advanced 60 ms, then asleep for a moment:
    // the kernel adds a running thread's current slice to its schedstat only when it leaves the core. On a CI
    // machine under full load the schedstat sum grew by about half the rusage figure (17 of 30 ms), so only a
    // clear growth is asked for here, not equality.
    const [before, after] = run(`const a = proc.preciseCpuMsOfTree(process.pid);
const own = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
let x = 0; const t = own(); while (own() - t < 60) x += Math.sqrt(x + 1);
await new Promise((resolve) => setTimeout(resolve, 50));
return [a, proc.preciseCpuMsOfTree(process.pid)];`) as [number, number];
    expect(before).toBeGreaterThan(0);
    expect(after - before).toBeGreaterThan(10);
    // Not a whole number of ticks: read to the nanosecond (where the kernel keeps schedstat, as here).
    expect(Number.isInteger(after / 10)).toBe(false);
  });

  it("splits a process's CPU time by thread name, the main thread's busy work under its own", () => {
    // 200 ms of the main thread's own work: clock ticks are 10 ms, so the main thread's figure grows by at
    // least most of it, and no other thread of this idle process takes that much.
    const [before, after] = run(`const a = proc.cpuMsByThread(process.pid);
const own = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
let x = 0; const t = own(); while (own() - t < 200) x += Math.sqrt(x + 1);
return [a, proc.cpuMsByThread(process.pid)];`) as [Record<string, number>, Record<string, number>];
    // Node (24) names its main thread "MainThread" on Linux, V8's helpers "V8Worker".
    const grown = Object.entries(after).map(([name, ms]) => [name, ms - (before[name] ?? 0)] as const);
    const [busiest, ms] = grown.sort((a, b) => b[1] - a[1])[0];
    expect(busiest).toBe('MainThread');
    expect(ms).toBeGreaterThanOrEqual(150);
    expect(grown.filter(([name]) => name !== busiest).every(([, other]) => other < 100)).toBe(true);
  });
});
