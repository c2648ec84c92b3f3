import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { POST } from '@/app/api/webhooks/lawpay/[secret]/route';
import { db } from '@/db';
import { settlePaymentsJob } from '@/lib/billing/jobs/settle-payments';
import { PEER_HEADER } from '@/lib/http/request';
import { rowsOf } from '@/lib/kernel/rows';
import { resetDatabase } from '../helpers/db';
import { databaseFingerprint } from '../helpers/world';

/*
 * The LawPay webhook is a hint (docs/decisions.md, "Payments: the LawPay webhook is a hint"): with the
 * secret of LAWPAY_WEBHOOK_SECRET in its path it queues the settlement poll, at most one waiting however
 * many hints arrive, and answers 202; anything else is 404, the same whether the variable is unset or the
 * secret wrong. Its body is never trusted: read up to 64 KB and dropped, nothing written but the queued job.
 */

const SECRET = 'whsec-4f7c1e9a2b6d8035c1e7f9a4b2d6c8e0';
const BODY = JSON.stringify({ type: 'transaction.completed', data: { id: 'txn-from-the-body', status: 'COMPLETED', amount: 99500 } });

function hook(secret: string, { body = BODY, headers = {} }: { body?: BodyInit | null; headers?: Record<string, string> } = {}) {
  const request = new NextRequest(`https://app.example.com/api/webhooks/lawpay/${encodeURIComponent(secret)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [PEER_HEADER]: '203.0.113.9', ...headers },
    body,
    duplex: 'half',
  } as ConstructorParameters<typeof NextRequest>[1]);
  return POST(request, { params: Promise.resolve({ secret }) });
}

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as unknown };
}

/** The settlement polls in each state (waiting is 'created'). */
async function polls(state = 'created'): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = ${settlePaymentsJob.name} and state = ${state}`);
  return rowsOf<{ n: number }>(result)[0].n;
}

const NOT_FOUND = { status: 404, body: { message: 'Not found.' } };
const ACCEPTED = { status: 202, body: { message: 'Accepted' } };

beforeEach(async () => {
  await resetDatabase();
  delete process.env.LAWPAY_WEBHOOK_SECRET;
});
afterAll(() => {
  delete process.env.LAWPAY_WEBHOOK_SECRET;
});

describe('POST /api/webhooks/lawpay/[secret]', () => {
  it('is not found while LAWPAY_WEBHOOK_SECRET is unset (or blank), whatever the path says', async () => {
    expect(await answer(await hook(SECRET))).toEqual(NOT_FOUND);
    expect(await answer(await hook(''))).toEqual(NOT_FOUND);
    process.env.LAWPAY_WEBHOOK_SECRET = '   ';
    expect(await answer(await hook('   '))).toEqual(NOT_FOUND);
    expect(await polls()).toBe(0);
  });

  it('answers a wrong secret exactly as an unset one: 404, the same body, nothing queued', async () => {
    const unset = await hook(SECRET);
    const unsetAnswer = { status: unset.status, type: unset.headers.get('content-type'), text: await unset.text() };
    process.env.LAWPAY_WEBHOOK_SECRET = SECRET;
    for (const wrong of ['', 'x', SECRET.slice(0, -1), `${SECRET}0`, SECRET.toUpperCase(), ` ${SECRET}`]) {
      const response = await hook(wrong);
      expect({ wrong, status: response.status, type: response.headers.get('content-type'), text: await response.text() }).toEqual({ wrong, ...unsetAnswer });
    }
    expect(unsetAnswer.status).toBe(404);
    expect(await polls()).toBe(0);
  });

  it('with the secret: 202 and the settlement poll queued, nothing else written (the body is not read for facts)', async () => {
    process.env.LAWPAY_WEBHOOK_SECRET = SECRET;
    const before = await databaseFingerprint();
    expect(await answer(await hook(SECRET))).toEqual(ACCEPTED);
    expect(await polls()).toBe(1);
    expect(await databaseFingerprint()).toEqual(before);
    // The body may be anything (it is dropped): not JSON, another type, none at all.
    for (const [body, type] of [
      ['not json {', 'application/json'],
      ['a=1', 'text/plain'],
      [null, 'application/octet-stream'],
    ] as const) {
      expect(await answer(await hook(SECRET, { body, headers: { 'content-type': type } }))).toEqual(ACCEPTED);
    }
    expect(await polls()).toBe(1);
  });

  it('100 hints at once queue one poll; a hint after that poll has started queues the next', async () => {
    process.env.LAWPAY_WEBHOOK_SECRET = SECRET;
    const answers = await Promise.all(Array.from({ length: 100 }, () => hook(SECRET).then(answer)));
    expect(answers).toEqual(Array.from({ length: 100 }, () => ACCEPTED));
    expect(await polls()).toBe(1);
    // A worker takes the poll: a change the gateway reports now may come after it looked, so it is asked again.
    await db.execute(sql`update pgboss.job set state = 'active', started_on = now() where name = ${settlePaymentsJob.name} and state = 'created'`);
    expect(await answer(await hook(SECRET))).toEqual(ACCEPTED);
    expect(await answer(await hook(SECRET))).toEqual(ACCEPTED);
    expect({ waiting: await polls(), running: await polls('active') }).toEqual({ waiting: 1, running: 1 });
  });

  it('accepts the call from another origin and another site (the gateway is not a page of ours)', async () => {
    process.env.LAWPAY_WEBHOOK_SECRET = SECRET;
    const foreign = { origin: 'https://hooks.affinipay.example', 'sec-fetch-site': 'cross-site', referer: 'https://hooks.affinipay.example/x' };
    expect(await answer(await hook(SECRET, { headers: foreign }))).toEqual(ACCEPTED);
    expect(await answer(await hook(SECRET, { headers: { origin: 'null' } }))).toEqual(ACCEPTED);
    expect(await polls()).toBe(1);
  });

  it('refuses a body over 64 KB (413 with a message), declared or streamed, and queues nothing', async () => {
    process.env.LAWPAY_WEBHOOK_SECRET = SECRET;
    const big = JSON.stringify({ type: 'transaction.completed', padding: 'x'.repeat(70 * 1024) });
    const tooLarge = { status: 413, body: { message: 'The request is too large (at most 64 KB).' } };
    expect(await answer(await hook(SECRET, { body: big, headers: { 'content-length': String(Buffer.byteLength(big)) } }))).toEqual(tooLarge);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    expect(await answer(await hook(SECRET, { body: stream }))).toEqual(tooLarge);
    expect(await polls()).toBe(0);
    // 64 KB exactly is still a hint.
    expect(await answer(await hook(SECRET, { body: 'x'.repeat(64 * 1024) }))).toEqual(ACCEPTED);
    expect(await polls()).toBe(1);
  });

  it('logs neither the body nor the secret', async () => {
    process.env.LAWPAY_WEBHOOK_SECRET = SECRET;
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) => jest.spyOn(console, level).mockImplementation(() => {}));
    try {
      await hook(SECRET);
      await hook('wrong');
      await hook(SECRET, { body: 'x'.repeat(70 * 1024) });
      const printed = JSON.stringify(spies.flatMap((spy) => spy.mock.calls));
      expect(printed).not.toContain('txn-from-the-body');
      expect(printed).not.toContain(SECRET);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
