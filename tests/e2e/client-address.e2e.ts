import { startScratchServer, type ScratchServer } from './helpers/scratch-server';

/*
 * The sign-up brake counts per client address, and the address is the connection's (or, behind trusted
 * proxies, the one they report): a client that forges X-Forwarded-For cannot buy itself a new allowance.
 * Tried against the real server (scripts/server.mjs), each case on its own server and empty database.
 */

const LIMIT = 10;

type Server = ScratchServer;
const startServer = startScratchServer;

let n = 0;
function account() {
  n += 1;
  return {
    first_name: 'Addr',
    last_name: 'Tester',
    email: `address${n}-${Date.now()}@test.example`,
    phone: '5551234567',
    password: 'Address-Test-1',
    advisor_hash: '',
  };
}

async function signUp(server: Server, forwardedFor?: string, extraHeaders: Record<string, string> = {}): Promise<number> {
  const res = await fetch(`${server.url}/api/createClient/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}), ...extraHeaders },
    body: JSON.stringify(account()),
  });
  return res.status;
}

describe('client address behind the real server', () => {
  it('with no proxy, a forged X-Forwarded-For does not change the address the sign-up brake counts', async () => {
    const server = await startServer(3191, {});
    try {
      // Forged X-Forwarded-For, X-Real-IP, and even the server's own private header: all overwritten or ignored.
      const forge = (i: number) => ({ 'x-real-ip': `10.40.0.${i}`, 'x-trustwell-peer': `10.50.0.${i}` });
      for (let i = 0; i < LIMIT; i++) expect(await signUp(server, `10.20.30.${i}`, forge(i))).toBe(200);
      expect(await signUp(server, '10.20.30.99', forge(99))).toBe(429);
      expect(await signUp(server)).toBe(429);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('behind one trusted proxy, the address it appended counts, and entries the client wrote to the left do not', async () => {
    const server = await startServer(3192, { TRUSTED_PROXY_HOPS: '1' });
    try {
      // The proxy appends the client's address; the client forges entries in front of it.
      for (let i = 0; i < LIMIT; i++) expect(await signUp(server, `6.6.6.${i}, 198.51.100.77`)).toBe(200);
      expect(await signUp(server, '7.7.7.7, 198.51.100.77')).toBe(429);
      // Another client behind the same proxy has its own allowance.
      expect(await signUp(server, '198.51.100.78')).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
