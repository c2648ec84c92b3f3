import { sql } from 'drizzle-orm';
import { format, inspect } from 'node:util';
import { z } from 'zod';
import { db } from '@/db';
import { users } from '@/db/schema';
import { POST as updatePersonalInfoPost } from '@/app/api/updatePersonalInfo/route';
import { authOptions } from '@/lib/auth/options';
import { action } from '@/lib/http/action';
import { route } from '@/lib/http/route';
import { makeHousehold, makeUser } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';

/*
 * Unexpected errors are logged without the values bound to the failed statement (issue 18, item 12): a
 * database error provoked through a door with a secret-looking value leaves, in everything written to the
 * console, the statement's text and PostgreSQL's error code, never the value. Before, drizzle's
 * DrizzleQueryError printed `params: ...` and PostgreSQL's `detail` ("Failing row contains (...)").
 * The error itself carries no values either, so whatever else prints it (Next logs the errors of pages)
 * prints none.
 */

const SECRET = 'Zqxsecretvalue';
const ctx = { params: Promise.resolve({}) };

/** Everything the code under test writes to the console while `fn` runs, as it would appear in the log. */
async function consoleOutput(fn: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const spies = (['error', 'warn', 'log', 'info'] as const).map((level) =>
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(format(...args));
    }),
  );
  try {
    await fn();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join('\n');
}

function jsonPost(body: unknown) {
  return new Request('http://localhost:3000/api/x/', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

beforeEach(() => signOut());

describe('unexpected errors are logged without parameter values', () => {
  it('a route door: the statement and the code are logged, the value is not', async () => {
    const door = route('public', z.object({ value: z.string() }), async ({ input }) => db.execute(sql`select ${input.value}::integer as n`));
    let status = 0;
    const out = await consoleOutput(async () => {
      status = (await door(jsonPost({ value: SECRET }), ctx)).status;
    });
    expect(status).toBe(500);
    expect(out).toContain('select $1::integer as n');
    expect(out).toContain('22P02');
    expect(out).not.toContain(SECRET);
  });

  it('a server action door: the same', async () => {
    const door = action('public', z.object({ value: z.string() }), async (_ctx, input) => db.execute(sql`select ${input.value}::integer as n`));
    let result: unknown;
    const out = await consoleOutput(async () => {
      result = await door({ value: SECRET });
    });
    expect(result).toMatchObject({ ok: false, status: 500 });
    expect(out).toContain('select $1::integer as n');
    expect(out).toContain('22P02');
    expect(out).not.toContain(SECRET);
  });

  it("a real door: a constraint violation while /api/updatePersonalInfo/ saves a client's name", async () => {
    const { user, client } = await makeHousehold(null);
    await signInAs(user);
    // A constraint the value breaks, so the UPDATE fails in the database with the value among its parameters
    // and in PostgreSQL's detail ("Failing row contains (...)").
    await db.execute(sql.raw(`alter table persons add constraint log_probe check (first_name <> '${SECRET}')`));
    let status = 0;
    try {
      const out = await consoleOutput(async () => {
        const res = await updatePersonalInfoPost(
          jsonPost({
            hash_id: client.hash,
            first_name: SECRET,
            middle_name: '',
            last_name: 'Person',
            suffix: '',
            phone: '5551234567',
            dob: '01/02/1970',
            gender: 'female',
            residence_state: 'CA',
            is_us_citizen: 1,
            is_receiving_medicaid: false,
            has_mental_disorder: false,
            wants_life_support: true,
            wants_cremation: 0,
            is_organ_donor: true,
          }),
          ctx,
        );
        status = res.status;
      });
      expect(status).toBe(500);
      expect(out).toMatch(/update "persons" set/);
      expect(out).toContain('23514');
      expect(out).toContain('log_probe');
      expect(out).not.toContain(SECRET);
    } finally {
      await db.execute(sql.raw('alter table persons drop constraint log_probe'));
    }
  });

  it('the thrown error carries no values: printed in full (as Next prints a failed page), it shows the statement and code only', async () => {
    const error = (await db.execute(sql`select ${SECRET}::integer as n`).catch((e: unknown) => e)) as Error & { cause?: { code?: string } };
    const printed = [inspect(error, { depth: 10 }), String(error.stack), error.message, JSON.stringify(error)].join('\n');
    expect(printed).toContain('select $1::integer as n');
    expect(printed).toContain('22P02');
    expect(printed).not.toContain(SECRET);
    // Code that reacts to a database error by its code still can.
    expect(error.cause?.code).toBe('22P02');
  });

  it('a unique violation keeps its code and constraint, not the duplicate value', async () => {
    const { user, person } = await makeUser();
    const error = (await db
      .insert(users)
      .values({ personId: person.id, email: user.email, passwordHash: 'x' })
      .catch((e: unknown) => e)) as Error & { cause?: { code?: string; constraint?: string } };
    const printed = [inspect(error, { depth: 10 }), String(error.stack)].join('\n');
    expect(error.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
    expect(printed).toContain('23505');
    expect(printed).not.toContain(user.email);
  });

  it("next-auth's logger prints a failed query the same way", async () => {
    const error = await db.execute(sql`select ${SECRET}::integer as n`).catch((e: unknown) => e);
    const out = await consoleOutput(async () => {
      authOptions().logger!.error!('JWT_SESSION_ERROR', error as Error);
    });
    expect(out).toContain('22P02');
    expect(out).not.toContain(SECRET);
  });
});
