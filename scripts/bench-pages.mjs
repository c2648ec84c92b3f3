// Signed-in page budgets for `npm run bench` (docs/performance.md): SQL queries per render, counted by the
// server itself (LOG_QUERY_COUNTS=1 logs `[queries] GET /path n` per request, db/index.ts), and p95 latency
// under concurrent connections as a ratio to /login's p95 measured in the same run, interleaved, because
// this machine is shared and noisy: absolute figures are recorded beside the ratio, never budgeted.
import fs from 'node:fs';
import http from 'node:http';

const ROUNDS = 5;
const REQUESTS_PER_ROUND = 60;
const CONNECTIONS = 10;

/** Signs in through the login form (as a browser does) and answers the session cookie header. */
export async function signIn(base, email, password) {
  const page = await fetch(`${base}/login`);
  const token = (await page.text()).match(/name="csrf-token" content="([^"]+)"/)?.[1];
  const preCookies = page.headers.getSetCookie().map((c) => c.split(';')[0]);
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    body: new URLSearchParams({ _token: token ?? '', email, password }),
    redirect: 'manual',
    headers: { origin: base, cookie: preCookies.join('; ') },
  });
  if (res.status !== 303) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!cookies.some((c) => c.includes('session-token'))) throw new Error(`sign-in of ${email} set no session cookie`);
  return [...preCookies, ...cookies].join('; ');
}

/** One JSON call of the compatibility API, failing the bench on any non-2xx answer. */
async function post(base, cookie, path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Grows the demo's married household (the Riveras) to the issue's couple: 10 children, 20 beneficiaries,
 * 10 successor trustees and 15 agents, through the same calls a client's browser makes. An admin makes
 * them, since the Riveras' trust is submitted and only attorneys and admins may still change it.
 */
async function growCouple(base, cookie, clientHash) {
  // Names take letters only (the field rules), so the rows are told apart by letter.
  const letter = (i) => String.fromCharCode(65 + (i % 26)) + (i >= 26 ? String.fromCharCode(65 + Math.floor(i / 26)) : '');
  let lists = await post(base, cookie, '/api/clientInfo/updateOrCreate/child', {
    hash_id: clientHash, owner: 'both', gender: 'female', dob: '01/01/1990', first_name: 'Bench', last_name: 'Child A',
  });
  const spouseHash = lists.spouse?.hash_id;
  if (!spouseHash) throw new Error('the bench household has no spouse');
  const common = { hash_id: clientHash, hash_id_spouse: spouseHash };
  const count = (key) => ['1', '2', 'Both'].reduce((n, s) => n + (lists[`${key}${s}`]?.length ?? 0), 0);
  for (let i = 1; lists.children.length < 10; i++) {
    lists = await post(base, cookie, '/api/clientInfo/updateOrCreate/child', {
      ...common, owner: i % 3 === 0 ? '1' : 'both', gender: 'male', dob: `0${(i % 9) + 1}/15/2012`, first_name: 'Bench', last_name: `Child ${letter(i)}`,
      has_guardian_1: true, guardian_1_first_name: 'Gus', guardian_1_last_name: 'Guardian', guardian_1_phone: '4085550199', guardian_1_email: 'gus@example.com',
    });
  }
  for (let i = 0; count('beneficiaries') < 20; i++) {
    lists = await post(base, cookie, '/api/clientInfo/updateOrCreate/beneficiary', {
      ...common, owner: 'both', type: 'person', first_name: 'Bench', last_name: `Beneficiary ${letter(i)}`, dob: '02/02/1980', ssn: `123-45-${String(1000 + i)}`,
      tier1: 'tertiary', share_percent1: '5', relationship1: 'Friend', is_per_stirpes1: i % 2 === 0,
      tier2: 'tertiary', share_percent2: '5', relationship2: 'Friend', is_per_stirpes2: false,
    });
  }
  for (let i = 0; count('fiduciaries') < 10; i++) {
    lists = await post(base, cookie, '/api/clientInfo/updateOrCreate/fiduciary', {
      ...common, owner: 'both', first_name: 'Bench', last_name: `Trustee ${letter(i)}`, phone: '4085550150', email: `trustee${i}@example.com`, order1: 10 + i, order2: 10 + i,
    });
  }
  const agents = () => ['general', 'medical', 'financial'].reduce((n, type) => n + ['1', '2', 'Both'].reduce((m, s) => m + (lists[`${type}Poas${s}`]?.length ?? 0), 0), 0);
  for (let i = 0; agents() < 15; i++) {
    const type = ['general', 'medical', 'financial'][i % 3];
    lists = await post(base, cookie, '/api/clientInfo/updateOrCreate/poa', {
      ...common, owner: 'both', first_name: 'Bench', last_name: `Agent ${letter(i)}`, phone: '4085550160', email: '', type, type1: type, order1: 10 + i, type2: type, order2: 10 + i,
    });
  }
  return { children: lists.children.length, beneficiaries: count('beneficiaries'), trustees: count('fiduciaries'), agents: agents() };
}

/** Durations (ms) of `requests` GETs of one path over `connections` keep-alive connections. */
async function latencies(base, path, { cookie, connections, requests }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const get = () =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      http
        .get(`${base}${path}`, { agent, headers: cookie ? { cookie } : {} }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`${path}: status ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  const times = [];
  let left = requests;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (left-- > 0) times.push(await get());
      }),
    );
  } finally {
    agent.destroy();
  }
  return times;
}

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];

/** The most queries the server logged for one path since `from` (an offset into its log). */
function queriesPerRender(log, from, path) {
  const counts = log
    .slice(from)
    .split('\n')
    .map((line) => line.match(/^\[queries\] GET (\S+) (\d+)$/))
    .filter((m) => m && m[1] === path)
    .map((m) => Number(m[2]));
  return counts.length ? Math.max(...counts) : null;
}

/**
 * `client-info` of a couple with 10 children, 20 beneficiaries, 10 trustees and 15 agents, opened by their
 * advisor: at most 10 queries per render, and p95 with 10 connections within 3× /login's p95.
 * `server.log()` is the server's output so far (it runs with LOG_QUERY_COUNTS=1).
 */
export async function benchClientInfo({ base, env, server, log = (line) => console.log(line) }) {
  const password = fs.readFileSync(env.DEMO_ACCOUNTS_FILE, 'utf8').match(/^Password for all demo accounts: (\S+)\s*$/m)?.[1];
  const admin = await signIn(base, 'admin@demo.trustwell.test', password);
  const advisor = await signIn(base, 'alice.morgan@demo.trustwell.test', password);
  const client = await signIn(base, 'pat.rivera@demo.trustwell.test', password);
  // The household's hash, as the client's own page carries it (the intake view's `client.hash`).
  const own = await (await fetch(`${base}/client-info`, { headers: { cookie: client } })).text();
  const clientHash = own.match(/\\?"client\\?":\{\\?"hash\\?":\\?"([A-Za-z0-9_-]{22})/)?.[1];
  if (!clientHash) throw new Error("no client hash on the client's own client-info page");
  const sizes = await growCouple(base, admin, clientHash);
  log(`client-info bench household: ${JSON.stringify(sizes)}`);
  const path = `/client-info/${clientHash}`;

  // Warm both pages, then interleave rounds so both see the same noise.
  await latencies(base, path, { cookie: advisor, connections: 2, requests: 10 });
  await latencies(base, '/login', { connections: 2, requests: 10 });
  const logFrom = server.log().length;
  const page = [];
  const login = [];
  for (let round = 0; round < ROUNDS; round++) {
    page.push(...(await latencies(base, path, { cookie: advisor, connections: CONNECTIONS, requests: REQUESTS_PER_ROUND })));
    login.push(...(await latencies(base, '/login', { connections: CONNECTIONS, requests: REQUESTS_PER_ROUND })));
  }
  // The server logs a request's count when its response finishes; give the last lines a moment.
  await new Promise((r) => setTimeout(r, 200));
  const queries = queriesPerRender(server.log(), logFrom, path);
  const ownQueries = await (async () => {
    const from = server.log().length;
    await latencies(base, '/client-info', { cookie: client, connections: 1, requests: 1 });
    await new Promise((r) => setTimeout(r, 200));
    return queriesPerRender(server.log(), from, '/client-info');
  })();
  const ratio = p95(page) / p95(login);
  return [
    { name: 'client-info (advisor, big couple): SQL queries per render', value: `${queries} (client's own /client-info: ${ownQueries})`, budget: '≤ 10', ok: queries !== null && queries <= 10 && ownQueries !== null && ownQueries <= 10 },
    {
      name: 'client-info p95 over /login p95, 10 connections',
      value: `${ratio.toFixed(2)}×: ${p95(page).toFixed(0)} ms against ${p95(login).toFixed(0)} ms`,
      budget: '≤ 3×',
      ok: ratio <= 3,
    },
  ];
}
