import { eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { listClientPage } from '@/lib/advisors/client-list';
import { DEFAULT_LIST_STATE } from '@/lib/advisors/rules';
import { REMINDER_SUBMITTED, sendReminder } from '@/lib/advisors/send-reminder';
import { householdSubmittedSql, isTrustSubmitted } from '@/lib/estate-plans/submitted';
import { loadIntake } from '@/lib/intake/load';
import { saveNote } from '@/lib/intake/save-note';
import { ALREADY_SUBMITTED_MESSAGE, submitTrust } from '@/lib/intake/submit-trust';
import { SUBMITTED_MESSAGE } from '@/lib/intake/write';
import { saveNoteSchema } from '@/lib/validation/intake-assets';
import { submitTrustSchema } from '@/lib/validation/plans';
import { resetDatabase } from '../helpers/db';
import { databaseFingerprint } from '../helpers/world';
import { SUBMITTED_CASES } from '../helpers/submitted-cases';
import { answerRequiredQuestions, makeCouple, payFeeFor, type Couple } from './helpers/intake';

/*
 * "Is this trust submitted?" asked everywhere of the same households (issue 19): the SQL form of the rule,
 * the intake view, the intake writes, the submission, the dashboard's list and the reminder all answer
 * what lib/estate-plans/submitted.ts isTrustSubmitted answers for the household's facts. The table is the
 * unit test's, plus the case the reminder used to get wrong: an older plan submitted, the latest not.
 */

type Plans = 'none' | 'latest open' | 'latest submitted' | 'older submitted, latest open';
const planSetups: Record<Plans, { submitted: boolean; createdAt: string }[]> = {
  none: [],
  'latest open': [{ submitted: false, createdAt: '2026-01-01T00:00:00Z' }],
  'latest submitted': [
    { submitted: false, createdAt: '2025-01-01T00:00:00Z' },
    { submitted: true, createdAt: '2026-01-01T00:00:00Z' },
  ],
  'older submitted, latest open': [
    { submitted: true, createdAt: '2025-01-01T00:00:00Z' },
    { submitted: false, createdAt: '2026-01-01T00:00:00Z' },
  ],
};

type Case = { label: string; spouse: boolean; plans: Plans; owner1Flag: boolean; owner2Flag: boolean };
const cases: Case[] = [
  ...SUBMITTED_CASES.map(([label, facts]) => ({
    label,
    spouse: facts.owner2Flag !== null,
    plans: (facts.latestPlanSubmitted ? 'latest submitted' : 'latest open') as Plans,
    owner1Flag: facts.owner1Flag,
    owner2Flag: facts.owner2Flag === true,
  })),
  { label: 'no plan at all, nothing recorded', spouse: true, plans: 'none', owner1Flag: false, owner2Flag: false },
  {
    label: 'an older plan submitted, the latest open (a new plan after a submitted one)',
    spouse: true,
    plans: 'older submitted, latest open',
    owner1Flag: false,
    owner2Flag: false,
  },
];

async function household(c: Case): Promise<Couple> {
  const couple = await makeCouple({ spouse: c.spouse });
  for (const plan of planSetups[c.plans]) {
    const [row] = await db
      .insert(t.estatePlans)
      .values({
        clientId: couple.owner1.id,
        createdAt: new Date(plan.createdAt),
        submittedAt: plan.submitted ? new Date(plan.createdAt) : null,
        status: plan.submitted ? 'sent' : 'incomplete',
      })
      .returning();
    await payFeeFor(row.id);
  }
  await db.update(t.clients).set({ isTrustSubmitted: c.owner1Flag }).where(eq(t.clients.id, couple.owner1.id));
  if (couple.owner2) await db.update(t.clients).set({ isTrustSubmitted: c.owner2Flag }).where(eq(t.clients.id, couple.owner2.id));
  return couple;
}

async function rejection(promise: Promise<unknown>): Promise<{ code?: string; message?: string } | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return error as { code?: string; message?: string };
  }
}

beforeEach(() => resetDatabase());

describe.each(cases)('$label', (c) => {
  const expected = isTrustSubmitted({
    latestPlanSubmitted: c.plans === 'latest submitted',
    owner1Flag: c.owner1Flag,
    owner2Flag: c.spouse ? c.owner2Flag : null,
  });

  it(`is ${expected ? '' : 'not '}submitted, in SQL, in the view and in the dashboard's list`, async () => {
    const couple = await household(c);
    const [row] = await db
      .select({ submitted: householdSubmittedSql(sql`${couple.owner1.id}::int`, sql`${couple.owner2?.id ?? null}::int`) })
      .from(t.clients)
      .where(eq(t.clients.id, couple.owner1.id));
    expect(row.submitted).toBe(expected);
    expect((await loadIntake(couple.advisorCtx, couple.owner1.hash)).abilities.isSubmitted).toBe(expected);
    const page = await listClientPage(couple.advisorCtx.actor, { advisorIds: null, state: { ...DEFAULT_LIST_STATE, size: 100 }, stalledDays: 14 });
    expect(page.rows.map((r) => r.submitted)).toEqual([expected]);
  });

  it(`the reminder ${expected ? 'is refused' : 'goes out'}`, async () => {
    const couple = await household(c);
    const refused = await rejection(sendReminder(couple.advisorCtx, { client_hash: couple.owner1.hash }));
    expect(refused).toEqual(expected ? expect.objectContaining({ code: 'CONFLICT', message: REMINDER_SUBMITTED }) : null);
  });

  it(`the client's intake writes are ${expected ? 'refused' : 'taken'}; the submission ${expected ? 'answers 409' : 'goes through (with a plan)'}`, async () => {
    const couple = await household(c);
    const before = await databaseFingerprint();
    const write = await rejection(saveNote(couple.clientCtx, saveNoteSchema.parse({ client_hash: couple.owner1.hash, body: 'A note' })));
    if (expected) {
      expect(write).toEqual(expect.objectContaining({ code: 'FORBIDDEN', message: SUBMITTED_MESSAGE }));
      expect(await databaseFingerprint()).toEqual(before);
    } else {
      expect(write).toBeNull();
    }
    if (c.plans === 'none') return;
    await answerRequiredQuestions([couple.owner1.id, ...(couple.owner2 ? [couple.owner2.id] : [])]);
    const acknowledgements = [couple.owner1, ...(couple.owner2 ? [couple.owner2] : [])].map((client) => ({ client_hash: client.hash, statements: [1, 2, 3] }));
    const submitted = await rejection(submitTrust(couple.clientCtx, submitTrustSchema.parse({ client_hash: couple.owner1.hash, acknowledgements })));
    expect(submitted).toEqual(expected ? expect.objectContaining({ code: 'CONFLICT', message: ALREADY_SUBMITTED_MESSAGE }) : null);
  });
});
