/**
 * The header scripts/server.mjs sets on every request to the connection's address, overwriting whatever a
 * client sent under that name. Keep in sync with PEER_HEADER there.
 */
export const PEER_HEADER = 'x-trustwell-peer';

/** How many reverse proxies in front of the app append to X-Forwarded-For (TRUSTED_PROXY_HOPS, default 0). */
export function trustedProxyHops(env: Record<string, string | undefined> = process.env): number {
  const hops = Number(env.TRUSTED_PROXY_HOPS ?? 0);
  return Number.isInteger(hops) && hops >= 0 ? hops : 0;
}

let warnedNoPeer = false;

/**
 * The client's address. With no proxy it is the connection's address. Behind N trusted proxies, each of
 * which appends the address it received the request from to X-Forwarded-For, it is the entry N hops from
 * the right: everything left of that was written by the client and proves nothing. A request that did not
 * come through scripts/server.mjs (`next dev`, a bare `next start`) has no trustworthy address: "unknown".
 */
export function clientAddress(source: Request | Headers, hops = trustedProxyHops()): string {
  const headers = source instanceof Headers ? source : source.headers;
  const peer = headers.get(PEER_HEADER)?.trim();
  if (!peer) {
    if (!warnedNoPeer && process.env.NODE_ENV === 'production' && !process.env.JEST_WORKER_ID) {
      warnedNoPeer = true;
      console.warn(`[http] No ${PEER_HEADER} header: serve the app with \`npm start\` (scripts/server.mjs) so client addresses are known.`);
    }
    return 'unknown';
  }
  if (hops === 0) return normaliseAddress(peer);
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  chain.push(peer);
  // chain[last] is the connection (the nearest proxy); each trusted hop steps one entry further left.
  const index = chain.length - 1 - hops;
  return normaliseAddress(index >= 0 ? chain[index] : chain[0]);
}

/** IPv4 clients of a dual-stack socket show as ::ffff:1.2.3.4; count them as 1.2.3.4. */
function normaliseAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/** The browser's User-Agent, cut to a length worth storing in an audit row. */
export function userAgentOf(source: Request | Headers): string {
  const headers = source instanceof Headers ? source : source.headers;
  return (headers.get('user-agent') ?? '').slice(0, 300);
}
