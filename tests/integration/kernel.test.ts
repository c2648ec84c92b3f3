import { eq } from 'drizzle-orm';
import { db, recordQueries } from '@/db';
import * as t from '@/db/schema';
import { FEATURE_LOCKED_MESSAGE } from '@/lib/billing/lock';
import { submitTrust } from '@/lib/intake/submit-trust';
import { audit } from '@/lib/kernel/audit';
import { loadAdvisor, loadEstatePlan, loadHousehold } from '@/lib/kernel/scope';
import { systemContext } from '@/lib/kernel/system-context';
import { submitTrustSchema } from '@/lib/validation/plans';
import { resetDatabase } from '../helpers/db';
import { databaseFingerprint } from '../helpers/world';
import { answerRequiredQuestions, makeCouple, payFeeFor } from './helpers/intake';

/* The kernel (lib/kernel): its loaders only read, and a job's audit rows say System. */

const WRITE = /(^|\(|\s)(insert\s+into|update\s+\S+\s+(\w+\s+)?set|delete\s+from)\b/i;

beforeEach(() => resetDatabase());

describe('the scope loaders', () => {
  it('only read, for a write permission too, and for a locked household (the write refuses it, not the load)', async () => {
    const couple = await makeCouple();
    const [plan] = await db.insert(t.estatePlans).values({ clientId: couple.owner1.id }).returning();
    await payFeeFor(plan.id);
    // The advisor's open invoices reach max_invoices (3): the features lock is on.
    await db.insert(t.invoices).values([1, 2, 3].map((n) => ({ advisorId: couple.advisor.advisor.id, description: `Invoice ${n}`, amount: '995.00' })));
    const before = await databaseFingerprint();
    const { statements, result } = await recordQueries(async () => [
      await loadHousehold(couple.clientCtx, couple.owner2!.hash, 'intake.write'),
      await loadHousehold(couple.advisorCtx, couple.owner1.hash, 'plan.submit'),
      await loadAdvisor(couple.advisorCtx, couple.advisor.advisor.hash, 'invite.send'),
      await loadEstatePlan({ ...couple.advisorCtx, actor: { ...couple.advisorCtx.actor, isLegal: true, roles: ['legal'] } }, plan.hash, 'plan.status.update'),
    ]);
    expect(result[0]).toMatchObject({ clientId: couple.owner1.id, spouseId: couple.owner2!.id, addressedClientId: couple.owner2!.id });
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((s) => WRITE.test(s))).toEqual([]);
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('the submission is a household write under the features lock: 403, nothing written', async () => {
    const couple = await makeCouple();
    const [lockedPlan] = await db.insert(t.estatePlans).values({ clientId: couple.owner1.id }).returning();
    await payFeeFor(lockedPlan.id);
    await answerRequiredQuestions([couple.owner1.id, couple.owner2!.id]);
    await db.insert(t.invoices).values([1, 2, 3].map((n) => ({ advisorId: couple.advisor.advisor.id, description: `Invoice ${n}`, amount: '995.00' })));
    const before = await databaseFingerprint();
    const input = submitTrustSchema.parse({
      client_hash: couple.owner1.hash,
      acknowledgements: [couple.owner1, couple.owner2!].map((c) => ({ client_hash: c.hash, statements: [1, 2, 3] })),
    });
    await expect(submitTrust(couple.clientCtx, input)).rejects.toMatchObject({ code: 'FORBIDDEN', message: FEATURE_LOCKED_MESSAGE });
    expect(await databaseFingerprint()).toEqual(before);
    await db.delete(t.invoices);
    await expect(submitTrust(couple.clientCtx, input)).resolves.toMatchObject({ abilities: { isSubmitted: true } });
  });
});

describe('audit rows of a system context', () => {
  it('say System: no user, no impersonator, no address, the job as the user agent', async () => {
    const couple = await makeCouple();
    await db.transaction((tx) =>
      audit(tx, systemContext('intake.refresh-completion'), 'probe.system', { type: 'household', id: couple.household.household.id }, { n: 1 }),
    );
    await db.transaction((tx) => audit(tx, couple.clientCtx, 'probe.user'));
    const rows = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'probe.system'));
    expect(rows).toEqual([
      expect.objectContaining({
        actorUserId: null,
        impersonatorUserId: null,
        ip: null,
        userAgent: 'job:intake.refresh-completion',
        targetType: 'household',
        targetId: couple.household.household.id,
        meta: { n: 1 },
      }),
    ]);
    const [user] = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'probe.user'));
    expect(user).toMatchObject({ actorUserId: couple.household.user.id, ip: '203.0.113.10', userAgent: 'jest' });
  });
});
