#!/usr/bin/env node
// The production server: Next's request handler behind a plain Node HTTP server, so the app can know the
// address of the connection. `next start` cannot tell it: Next fills X-Forwarded-For from the socket only
// when the client sent none, so a forged header would replace the real address. Here every request gets
// the socket's address in PEER_HEADER, overwriting anything the client sent; lib/http/request.ts derives
// the client address from it (and from X-Forwarded-For only for TRUSTED_PROXY_HOPS trusted proxies).
// It also adds what depends on the served address (HSTS, the CSP's upgrade-insecure-requests) and replays
// the prerendered guest /trust from memory (scripts/prerendered-page-cache.mjs).
//
//   node scripts/server.mjs [-p PORT] [-H HOST]      (npm start and npm run test:e2e call this)
//
// It first sets V8's memory limits for itself (scripts/server-flags.mjs), before anything else loads.
import './server-flags.mjs';
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { securityHeaders, withPaymentOrigin, withUpgradeInsecureRequests } from '../lib/http/security-headers.mjs';
import { hostedFieldsOrigin } from '../lib/payments/hosted-fields.cjs';
import { createPrerenderedPageCache } from './prerendered-page-cache.mjs';
import { createRequestGuard, readActionIds } from './request-guard.mjs';

/** Keep in sync with PEER_HEADER in lib/http/request.ts. */
const PEER_HEADER = 'x-trustwell-peer';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const flag = (names, fallback) => {
  const i = args.findIndex((a) => names.includes(a));
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const port = Number(flag(['-p', '--port'], process.env.PORT ?? '3000'));
const hostname = flag(['-H', '--hostname'], undefined);

process.env.NODE_ENV = 'production';
// Next is told it runs on localhost whatever address the socket binds (-H): it builds the URL middleware sees
// from one hostname setting and compares middleware's rewrites with the request's URL built from another,
// and with -H 127.0.0.1 the two differed, so `POST /login` → `/api/login` became an "external" rewrite that
// Next proxied over HTTP to itself (a body cut at proxyClientMaxBodySize then broke the proxy's connection,
// and the next post on it answered 500). Redirects and cookies follow the Host the browser sent, not this.
const app = next({ dev: false, dir: root, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

// When the site is served over HTTPS (behind a TLS-terminating proxy), browsers are told to keep to it, and
// the Content-Security-Policy (fixed at build time by next.config.mjs) gets `upgrade-insecure-requests`.
// While LawPay is configured, the policy also allows its hosted fields (script, frames), and nothing else.
const siteUrl = process.env.SITE_URL?.trim() || process.env.NEXTAUTH_URL?.trim() || '';
const hsts = siteUrl.startsWith('https://') ? 'max-age=63072000; includeSubDomains' : null;
const paymentOrigin = hostedFieldsOrigin(process.env);
const cspChanges = [...(hsts ? [withUpgradeInsecureRequests] : []), ...(paymentOrigin ? [(p) => withPaymentOrigin(p, paymentOrigin)] : [])];

/**
 * Rewrites the CSP that Next sets from next.config.mjs, on its way out. The document view route's own
 * sandbox policy (default-src 'none') is left alone: nothing may load there, payment fields included.
 */
function rewriteCsp(res) {
  const setHeader = res.setHeader;
  res.setHeader = function (name, value) {
    if (typeof value !== 'string' || name.toLowerCase() !== 'content-security-policy') return setHeader.call(this, name, value);
    const sandboxed = /(^|;)\s*sandbox\b/.test(value);
    const changed = cspChanges.reduce((policy, change) => (sandboxed && change !== withUpgradeInsecureRequests ? policy : change(policy)), value);
    return setHeader.call(this, name, changed);
  };
}

// The guest /trust, prerendered, is replayed from memory for a second at a time: Next's per-request work
// for it costs twice what sending it does (docs/performance.md). A session cookie (any cookie whose name
// contains next-auth.session-token, as in next.config.mjs's rewrites) sends the request to Next.
const serve = createPrerenderedPageCache({ paths: ['/trust', '/trust/'], bypassCookie: 'next-auth.session-token' });

// At most this many GET and HEAD requests are handled at once; the others wait, in arrival order, for one to
// finish. The process has one thread for rendering: 50 renders interleaved finish no sooner than 50 in a
// queue, but each holds its half-built page in memory meanwhile, so the heap grew with the number of open
// connections (docs/performance.md, "Memory"). A request holds its place until its handler has ended the
// response (not until a slow client has read it). Other methods are not held back: they may read a
// request body at the client's pace, and a slow upload must not take a place a render needs.
const MAX_RENDERS = Math.max(1, Number(process.env.SERVER_MAX_CONCURRENT_RENDERS) || 8);
let rendering = 0;
const waiting = [];

function admitted(req, res, run) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return run();
  const start = () => {
    rendering += 1;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      rendering -= 1;
      const next = waiting.shift();
      if (next) next();
    };
    const end = res.end;
    res.end = function (...args) {
      release();
      return end.apply(this, args);
    };
    res.once('close', release);
    run();
  };
  if (rendering < MAX_RENDERS) start();
  else {
    // A client that gives up while waiting leaves the queue.
    const entry = () => (res.destroyed ? waiting.shift()?.() : start());
    waiting.push(entry);
  }
}

/**
 * An answer given while the request's body is still arriving (a 413 that stopped reading it, a 415 or 401
 * that never started) closes the connection: `Connection: close`. Left open, the connection waited forever:
 * the app had stopped reading the body, so the rest of it stayed unread and the next request sent on that
 * connection was never parsed nor answered (issue 26; tests/e2e/request-limits.e2e.ts).
 *
 * The close lingers, as nginx's does (lingering_close): once the answer is written the server ends its side
 * (FIN) and goes on reading and dropping what the client still sends, for at most LINGER_MS, before it lets
 * go of the socket. Node's own close destroys the socket at once, and a socket closed with unread bytes in
 * its receive queue answers them with a reset, which can reach the client before it has read the answer: it
 * saw "write EPIPE" or a reset instead of its 413 or 415 (seen in CI, issue 33). Dropped bytes are never
 * kept, so lingering costs no memory. Every response passes through writeHead (an implicit head included),
 * the last moment the header can still be added.
 */
const LINGER_MS = 5_000;

function closeWhenBodyUnread(req, res) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    if (!req.complete) {
      this.setHeader('Connection', 'close');
      const socket = this.socket ?? req.socket;
      if (socket) lingerOnClose(req, socket);
    }
    return writeHead.apply(this, args);
  };
}

/** Replaces the socket's destroySoon, which Node calls once a `Connection: close` answer is written. */
function lingerOnClose(req, socket) {
  socket.destroySoon = function () {
    if (this.writable) this.end();
    // What is left of the body flows on unkept (a body the app was reading may have been paused).
    if (!req.destroyed) req.resume();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    // The client has sent all it will (its FIN): nothing is left to drop.
    this.once('end', () => this.destroy());
  };
}

/**
 * A route that stops reading a body past its limit cancels the body's stream (lib/http/route.ts,
 * lib/http/multipart.ts), and cancelling the stream Next made of the request destroys the request and, with
 * it, the socket: the 413 being written raced the socket's end, and a client often got no answer at all
 * (issue 33). Until the answer is written, destroying the request without an error therefore only stops
 * keeping its body: what still arrives is dropped, and the answer then closes the connection (above). A
 * request destroyed with an error (the client went away, a parse error) is destroyed as before.
 */
function dropBodyInsteadOfDestroying(req, res) {
  const destroy = req.destroy;
  req.destroy = function (error) {
    if (error || req.complete || res.writableEnded) return destroy.call(this, error);
    this.removeAllListeners('data');
    this.removeAllListeners('readable');
    // After Node has noted that no 'readable' listener is left (on the next tick): else it would not flow.
    process.nextTick(() => this.resume());
    return this;
  };
}

// Requests Next would answer with its own 500 before any of the app's code runs (a path that does not
// percent-decode, a server action body React cannot decode, a multipart body posted to a page) are refused
// here with a 4xx (scripts/request-guard.mjs); the action ids are the build's. Its answers carry the
// headers next.config.mjs gives Next's (the policy completed by rewriteCsp, as theirs is).
const guard = createRequestGuard({ actionIds: await readActionIds(path.join(root, '.next')), headers: securityHeaders() });

const server = http.createServer((req, res) => {
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? '';
  closeWhenBodyUnread(req, res);
  dropBodyInsteadOfDestroying(req, res);
  if (hsts) res.setHeader('Strict-Transport-Security', hsts);
  if (cspChanges.length) rewriteCsp(res);
  guard(req, res, () => admitted(req, res, () => serve(req, res, handle)));
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`> Ready on http://${hostname ?? 'localhost'}:${port} (Node.js ${process.version})`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    // The background job workers (instrumentation.ts) finish the jobs they hold before the app closes.
    const stopJobs = globalThis.__trustwellShutdown?.() ?? Promise.resolve();
    void stopJobs
      .catch(() => undefined)
      .then(() => app.close?.())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 15_000).unref();
  });
}
