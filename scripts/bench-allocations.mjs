// What a render allocates, by the function that allocated it (`npm run bench allocations`, issue 32): the
// server runs with its inspector open on a local port; for each page V8's sampling heap profiler records
// every sampled allocation (those collected since included) over serial renders, and the bench prints the
// bytes per render and the top allocating functions. Allocation volume is what the garbage collector has
// to work through, so it is the measure of "garbage per render" (a CPU profile says where time goes; this
// says where memory churns). Bytes are sampled (one sample per SAMPLING_BYTES on average), so small
// allocators are estimates; the totals over many renders are steady.
import { serial } from './bench-cpu.mjs';

const SAMPLING_BYTES = 8192;
const RENDERS = Number(process.env.BENCH_ALLOC_RENDERS ?? 40);

/** The server's inspector session (Chrome DevTools Protocol over a WebSocket). */
export async function inspectorSession(inspectPort) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 1;
  const waiting = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result);
  });
  return {
    send(method, params = {}) {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
    },
    close: () => socket.close(),
  };
}

/** Where a profile node's function lives, short: `renderToString react-dom-server.node.production.js:1234`. */
function frameName({ functionName, url, lineNumber }) {
  const file = (url || '(native)').replace(/^file:\/\//, '').replace(/^.*\/(node_modules|\.next)\//, '$1/');
  return `${functionName || '(anonymous)'} ${file}${lineNumber >= 0 ? `:${lineNumber + 1}` : ''}`;
}

/**
 * What the page sends: the HTML's bytes, and how many of them are the inline React Server Components payload
 * (`self.__next_f.push(...)` scripts): the props of the client components, serialised once for the payload
 * and escaped again into the HTML. The larger that is, the more every render allocates to write it.
 */
async function pageBytes(base, path, cookie) {
  const html = await (await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} })).text();
  const flight = [...html.matchAll(/<script>self\.__next_f\.push\((.*?)\)<\/script>/gs)].reduce((sum, m) => sum + m[1].length, 0);
  return { htmlBytes: Buffer.byteLength(html), flightBytes: flight };
}

/** Self bytes per function over the profile's tree. */
function selfBytes(profile) {
  const totals = new Map();
  const walk = (node) => {
    const self = node.selfSize ?? 0;
    if (self) {
      const name = frameName(node.callFrame);
      totals.set(name, (totals.get(name) ?? 0) + self);
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(profile.head);
  return totals;
}

/**
 * For each target ({ name: { path, cookie } }): 10 warm-up renders, then RENDERS serial renders under the
 * sampling heap profiler. Answers bytes allocated per render and the top `top` allocators per page.
 */
export async function allocationsPerRender(base, inspectPort, targets, top = 12) {
  const session = await inspectorSession(inspectPort);
  try {
    await session.send('HeapProfiler.enable');
    const out = {};
    for (const [name, { path, cookie }] of Object.entries(targets)) {
      await serial(base, path, cookie, 10);
      // RENDERS serial renders under the sampling profiler: `young` true counts every allocation, false leaves
      // out the young generation's garbage, i.e. counts what survives it (promoted to the old generation,
      // collected there by a full collection, or still alive): what the full collections have to work through.
      // docs/performance.md ("Where the limits' CPU goes") says why that, not the total, sets the price of a
      // heap limit.
      const sampled = async (young) => {
        await session.send('HeapProfiler.collectGarbage');
        await session.send('HeapProfiler.startSampling', {
          samplingInterval: SAMPLING_BYTES,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: young,
        });
        await serial(base, path, cookie, RENDERS);
        return selfBytes((await session.send('HeapProfiler.stopSampling')).profile);
      };
      const totals = await sampled(true);
      const all = [...totals.values()].reduce((a, b) => a + b, 0);
      const surviving = [...(await sampled(false)).values()].reduce((a, b) => a + b, 0);
      out[name] = {
        bytesPerRender: all / RENDERS,
        survivingPerRender: surviving / RENDERS,
        ...(await pageBytes(base, path, cookie)),
        top: [...totals.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
          .map(([fn, bytes]) => ({ fn, perRender: bytes / RENDERS, share: bytes / all })),
      };
    }
    return out;
  } finally {
    session.close();
  }
}

const PROFILE_INTERVAL_US = 200;

/**
 * Where a render's time goes on the server's main thread (`npm run bench profile`): V8's CPU profiler over
 * RENDERS serial renders per target after 10 warm-up ones. Answers milliseconds per render, the top
 * functions by self time, and the time per source file inclusive of what it calls (each sample counted once
 * per file on its stack), which names a component's subtree where its own frames are thin. The embedded
 * database's thread is another isolate, not sampled here (its share shows as the gap to the CPU bench).
 */
export async function cpuPerRender(base, inspectPort, targets, top = 25) {
  const session = await inspectorSession(inspectPort);
  try {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: PROFILE_INTERVAL_US });
    const out = {};
    for (const [name, { path, cookie }] of Object.entries(targets)) {
      await serial(base, path, cookie, 10);
      await session.send('Profiler.start');
      await serial(base, path, cookie, RENDERS);
      const { profile } = await session.send('Profiler.stop');
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parent = new Map();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      const self = new Map();
      const files = new Map();
      const bundled = new Map();
      let busy = 0;
      const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
      profile.samples.forEach((id, i) => {
        const us = profile.timeDeltas[i + 1] ?? PROFILE_INTERVAL_US;
        const fn = byId.get(id).callFrame.functionName;
        if (fn === '(idle)' || fn === '(program)' || fn === '(garbage collector)') {
          if (fn !== '(idle)') add(self, fn, us);
          if (fn === '(garbage collector)') busy += us;
          return;
        }
        busy += us;
        add(self, frameName(byId.get(id).callFrame), us);
        // Inclusive figures count a sample once per file, and once per function of the server's own chunks
        // (our code and the libraries bundled with it), however deep the recursion.
        const seen = new Set();
        for (let at = id; at !== undefined; at = parent.get(at)) {
          const { callFrame } = byId.get(at);
          const url = callFrame.url.replace(/^file:\/\//, '').replace(/^.*\/(node_modules|\.next)\//, '$1/');
          if (url && !seen.has(url)) {
            seen.add(url);
            add(files, url, us);
          }
          const name = frameName(callFrame);
          if (callFrame.url.includes('/.next/server/') && callFrame.functionName && !seen.has(name)) {
            seen.add(name);
            add(bundled, name, us);
          }
        }
      });
      const rank = (m) =>
        [...m.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
          .map(([fn, us]) => ({ fn, msPerRender: us / 1000 / RENDERS, share: us / busy }));
      out[name] = { msPerRender: busy / 1000 / RENDERS, top: rank(self), files: rank(files), bundled: rank(bundled) };
    }
    return out;
  } finally {
    session.close();
  }
}

/** The bench's lines for a CPU profile: ms per render, then the top functions by self time and the files inclusive. */
export function printCpuProfile(result, log = (line) => console.log(line)) {
  const line = (t) => `  ${t.msPerRender.toFixed(2).padStart(7)} ms  ${(t.share * 100).toFixed(1).padStart(5)} %  ${t.fn}`;
  for (const [name, { msPerRender, top, files, bundled }] of Object.entries(result)) {
    log(`\n${name}: ${msPerRender.toFixed(1)} ms of the main thread per render (garbage collection included); by self time:`);
    for (const t of top) log(line(t));
    log('  by file, inclusive of what it calls:');
    for (const t of files) log(line(t));
    log('  functions of the server build (our code and what it bundles), inclusive:');
    for (const t of bundled) log(line(t));
  }
}

/** The bench's lines: bytes per render per page, then each page's top allocators. */
export function printAllocations(result, log = (line) => console.log(line)) {
  const kb = (b) => `${(b / 1024).toFixed(0)} KB`;
  for (const [name, { bytesPerRender, survivingPerRender, top, htmlBytes, flightBytes }] of Object.entries(result)) {
    log(
      `\n${name}: ${kb(bytesPerRender)} allocated per render, ${kb(survivingPerRender)} of it surviving the young generation; ` +
        `the page ${kb(htmlBytes)} of HTML, ${kb(flightBytes)} of it the inline RSC payload`,
    );
    for (const t of top) log(`  ${kb(t.perRender).padStart(8)}  ${(t.share * 100).toFixed(1).padStart(5)} %  ${t.fn}`);
  }
}
