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

/*
 * The client's approximate place (Settings → Security's sessions, the new sign-in notice; issue 31), from
 * the location headers a proxy in front of the app adds. Read only behind trusted proxies
 * (TRUSTED_PROXY_HOPS > 0) whose provider PROXY_PLACE_HEADERS names: each of these providers overwrites its
 * own headers, while without a proxy a client could send any of them. No geolocation database ships with
 * the app (docs/decisions.md, "Where you are signed in"). The place is shown, never used to decide anything.
 */
const PLACE_HEADERS = {
  // Cloudflare's "Add visitor location headers" managed transform.
  cloudflare: { city: 'cf-ipcity', region: 'cf-region', country: 'cf-ipcountry' },
  vercel: { city: 'x-vercel-ip-city', region: 'x-vercel-ip-country-region', country: 'x-vercel-ip-country' },
  cloudfront: { city: 'cloudfront-viewer-city', region: 'cloudfront-viewer-country-region-name', country: 'cloudfront-viewer-country' },
} as const;
export type PlaceProvider = keyof typeof PLACE_HEADERS;

function placeProvider(env: Record<string, string | undefined>): PlaceProvider | null {
  const name = env.PROXY_PLACE_HEADERS?.trim().toLowerCase();
  return name && name in PLACE_HEADERS && trustedProxyHops(env) > 0 ? (name as PlaceProvider) : null;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** One part of a place as a person reads it: decoded (Vercel sends the city URL-encoded), printable, short. */
function placePart(value: string | null): string | null {
  if (!value) return null;
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    // Not encoded: as it came.
  }
  text = text
    .replace(/[^\p{L}\p{M}\p{N} .,'()-]/gu, '')
    .trim()
    .slice(0, 60);
  return text || null;
}

/** "Austin, Texas, United States" (or as much of it as the proxy tells), or null. */
export function clientPlace(source: Request | Headers, env: Record<string, string | undefined> = process.env): string | null {
  const provider = placeProvider(env);
  if (!provider) return null;
  const headers = source instanceof Headers ? source : source.headers;
  const names = PLACE_HEADERS[provider];
  const code = headers.get(names.country)?.trim().toUpperCase() ?? '';
  // 'XX' and 'T1' are Cloudflare's "unknown" and "Tor".
  const country = /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1' ? (countryNames.of(code) ?? code) : null;
  const parts = [placePart(headers.get(names.city)), placePart(headers.get(names.region)), country].filter((p): p is string => Boolean(p));
  return parts.length ? [...new Set(parts)].join(', ') : null;
}
