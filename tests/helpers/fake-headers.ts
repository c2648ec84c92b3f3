/*
 * Stands in for next/headers outside a request: a cookie jar the tests control, so server actions and
 * route handlers read a real, encoded session cookie exactly as they would in production.
 */
const jar = new Map<string, string>();
let requestHeaders = new Headers();

export const cookieJar = jar;

export function setRequestHeaders(headers: Record<string, string>) {
  requestHeaders = new Headers(headers);
}

export async function cookies() {
  return {
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    getAll: () => [...jar.entries()].map(([name, value]) => ({ name, value })),
    has: (name: string) => jar.has(name),
    set: (name: string, value: string) => {
      jar.set(name, value);
    },
    delete: (name: string) => {
      jar.delete(name);
    },
  };
}

export async function headers() {
  return requestHeaders;
}
