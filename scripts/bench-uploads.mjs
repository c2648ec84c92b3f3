// The uploads part of `npm run bench` (docs/performance.md, "Uploads", issue 26): the server's resident memory
// (the whole process tree, read from /proc) while the demo attorney uploads BENCH_UPLOADS (20) documents of
// the largest size accepted to the Riveras' plan, BENCH_UPLOAD_CONCURRENCY (4) at a time, through the upload
// route as the upload form sends them (multipart, field newFile), sampled every 50 ms:
//   - peak RSS during the uploads, over the idle figure taken just before them;
//   - RSS 10 s after the last upload, over the same idle figure (what stays).
// Budgets: peak at most 150 MB over idle, and at most 50 MB left after. A body held whole costs 20 MB a copy,
// so these fail when an upload's bytes sit in memory (several copies each, four uploads at once).
import fs from 'node:fs';
import { signIn } from './bench-pages.mjs';
import { treeRss } from './bench-proc.mjs';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_UPLOAD_CONCURRENCY ?? 4);
const SAMPLE_MS = 50;
const MB = 1024 * 1024;
/** The route's limit counts the whole multipart body: the file leaves room for the form's envelope. */
const FILE_BYTES = 20 * MB - 1024;
const mb = (bytes) => `${(bytes / MB).toFixed(0)} MB`;

/** A file of `size` bytes that the upload rules take for a PDF: `%PDF-` first, `%%EOF` last, comment lines between. */
function largePdf(size) {
  const bytes = Buffer.alloc(size, 0x25); // '%'
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  for (let i = 80; i < size - 16; i += 80) bytes[i] = 0x0a;
  bytes.write('\n%%EOF\n', size - 7, 'latin1');
  return bytes;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The median of 20 samples of the tree's RSS, 50 ms apart. */
async function steadyRss(pid) {
  const samples = [];
  for (let i = 0; i < 20; i++) {
    samples.push(treeRss(pid).tree);
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
  }
  return median(samples);
}

/** `server` is the running `npm start` child (bench.mjs's startServer) on the seeded demo data. */
export async function benchUploads({ base, env, server, log = (line) => console.log(line) }) {
  const password = fs.readFileSync(env.DEMO_ACCOUNTS_FILE, 'utf8').match(/^Password for all demo accounts: (\S+)\s*$/m)?.[1];
  // The Riveras' plan (with the attorneys) from the view links on Pat Rivera's own page.
  const pat = await signIn(base, 'pat.rivera@demo.trustwell.test', password);
  const own = await (await fetch(`${base}/client-info`, { headers: { cookie: pat } })).text();
  const planHash = own.match(/\/api\/file\/([A-Za-z0-9_-]+)\/[A-Za-z0-9_-]+\/view\/get/)?.[1];
  if (!planHash) throw new Error("no document link on the Riveras' client-info page");
  const attorney = await signIn(base, 'attorney@demo.trustwell.test', password);

  const pdf = new Blob([largePdf(FILE_BYTES)], { type: 'application/pdf' });
  const upload = async (name) => {
    const form = new FormData();
    form.append('newFile', pdf, name);
    const res = await fetch(`${base}/api/file/${planHash}/upload`, { method: 'POST', headers: { origin: base, cookie: attorney }, body: form });
    const answer = await res.text();
    if (res.status !== 200) throw new Error(`upload of ${name}: ${res.status} ${answer}`);
  };
  // One small upload first, so loading the route's code is not counted.
  const warm = new FormData();
  warm.append('newFile', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'bench-warm-up.pdf');
  const warmRes = await fetch(`${base}/api/file/${planHash}/upload`, { method: 'POST', headers: { origin: base, cookie: attorney }, body: warm });
  if (warmRes.status !== 200) throw new Error(`warm-up upload: ${warmRes.status} ${await warmRes.text()}`);

  await new Promise((r) => setTimeout(r, 3000));
  const idle = await steadyRss(server.pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(server.pid).tree)), SAMPLE_MS);
  const t0 = performance.now();
  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < UPLOADS) await upload(`bench-upload-${String(next++).padStart(2, '0')}.pdf`);
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - t0) / 1000;
  peak = Math.max(peak, treeRss(server.pid).tree);
  await new Promise((r) => setTimeout(r, 10_000));
  const after = await steadyRss(server.pid);

  const what = `${UPLOADS} uploads of ${mb(FILE_BYTES)}, ${CONCURRENCY} at a time`;
  log(`uploads: idle ${mb(idle)}, peak ${mb(peak)}, ${mb(after)} 10 s after; ${what} in ${seconds.toFixed(1)} s`);
  return [
    {
      name: `uploads: peak RSS over idle, ${what}`,
      value: `+${mb(peak - idle)} (${mb(idle)} → ${mb(peak)})`,
      budget: '≤ +150 MB',
      ok: peak - idle <= 150 * MB,
    },
    { name: 'uploads: RSS 10 s after them, over idle', value: `+${mb(after - idle)} (${mb(after)})`, budget: '≤ +50 MB', ok: after - idle <= 50 * MB },
  ];
}
