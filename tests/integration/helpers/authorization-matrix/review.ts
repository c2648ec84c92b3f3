import { eq } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { sealIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import type { World } from '../../../helpers/world';
import { payFeeFor } from '../intake';
import { acknowledgements, answered, intakeWrite, legalOnly, owner1, owner2, type Entry, type Expectation, type Prepared } from '.';

// ---- The review page: submission, the attorney's status change, the reveal of a full SSN -----------------

/** Submitting: the household and its advisory team (and an admin acting as the advisor); attorneys 403. */
const submitExpect: Expectation = { ...intakeWrite, legal: 403 };
/** Answered, and the fee paid (a submission with a fee due is refused, 402). */
const answeredAndPaid = async (w: World): Promise<Prepared> => {
  await answered(w);
  await payFeeFor(w.plan.id);
  return {};
};
const withSsn = async (w: World): Promise<Prepared> => {
  const sealed = sealIdentifier('123456789', placeOf(t.persons.ssnCipher, w.household.person.hash));
  await db.update(t.persons).set({ ssnCipher: sealed.cipher, ssnLast4: sealed.last4 }).where(eq(t.persons.id, w.household.person.id));
  return {};
};

export const REVIEW: Record<string, Entry> = {
  'action lib/actions/plans.ts#submitTrustAction': {
    permission: 'plan.submit',
    prepare: answeredAndPaid,
    args: (w) => ({ input: { client_hash: owner2(w), acknowledgements: acknowledgements(w) } }),
    expect: submitExpect,
  },
  // From In Progress the attorney may only cancel (lib/estate-plans/status-machine.ts).
  'action lib/actions/plans.ts#updatePlanStatusAction': {
    permission: 'plan.status.update',
    args: (w) => ({ input: { plan_hash: w.plan.hash, status: 'canceled', from_status: 'incomplete' } }),
    expect: legalOnly,
  },
  'action lib/actions/plans.ts#revealIdentifiersAction': {
    permission: 'identifiers.reveal',
    prepare: withSsn,
    args: (w) => ({ input: { client_hash: owner1(w), items: [{ kind: 'person', hash: w.household.person.hash }] } }),
    expect: legalOnly,
  },
  'POST /api/attorney/updateStatus': {
    permission: 'plan.status.update',
    args: (w) => ({ body: { estate_plan_id: w.plan.hash, status: 'canceled' } }),
    expect: legalOnly,
  },
};
