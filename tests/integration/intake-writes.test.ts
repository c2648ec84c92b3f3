import { and, desc, eq } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { decrypt } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { deleteAgent } from '@/lib/intake/records';
import { deleteBeneficiary } from '@/lib/intake/records';
import { deleteChild } from '@/lib/intake/records';
import { deleteTrustee } from '@/lib/intake/records';
import { loadIntake } from '@/lib/intake/load';
import { peopleOf } from '@/lib/intake/people';
import { CHILDREN_LISTED_MESSAGE, setHasChildren } from '@/lib/intake/set-has-children';
import { setSpouseChoice } from '@/lib/intake/set-spouse-choice';
import type { IntakeView } from '@/lib/intake/types';
import { updateEstatePlanInfo } from '@/lib/intake/update-estate-plan-info';
import { updatePersonalInfo } from '@/lib/intake/update-personal-info';
import { upsertAgent } from '@/lib/intake/records';
import { upsertBeneficiary } from '@/lib/intake/records';
import { upsertChild } from '@/lib/intake/records';
import { upsertTrustee } from '@/lib/intake/records';
import type { RequestContext } from '@/lib/kernel/context';
import {
  deleteAgentSchema,
  deleteBeneficiarySchema,
  deleteChildSchema,
  deleteTrusteeSchema,
  setHasChildrenSchema,
  setSpouseChoiceSchema,
  STALE_VERSION_MESSAGE,
  updateEstatePlanInfoSchema,
  updatePersonalInfoSchema,
  upsertAgentSchema,
  upsertBeneficiarySchema,
  upsertChildSchema,
  upsertTrusteeSchema,
} from '@/lib/validation/intake';
import { setHasChildrenAction } from '@/lib/actions/intake';
import { resetDatabase } from '../helpers/db';
import { setRequestHeaders } from '../helpers/fake-headers';
import { signInAs, signOut } from '../helpers/session';
import { actorOf, ctxOf } from '../helpers/context';
import { makeUser } from '../helpers/factories';
import { databaseFingerprint } from '../helpers/world';
import { makeCouple, type Couple } from './helpers/intake';

let couple: Couple;
beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
});

const name = (first: string, last = 'Doe') => ({ first_name: first, middle_name: '', last_name: last, suffix: '' });
const terms = (tier: string, share: string | null, relationship = 'Child', extra: Record<string, unknown> = {}) => ({
  tier,
  share_percent: share,
  relationship,
  is_per_stirpes: true,
  omission_reason: '',
  ...extra,
});

/** Expects the call to fail with `status` and the database to be exactly as it was. */
async function refusedUnchanged(call: () => Promise<unknown>, status: number, message?: string) {
  const before = await databaseFingerprint();
  const error = await call().then(
    () => null,
    (e: unknown) => e as { status: number; message: string },
  );
  expect(error).not.toBeNull();
  expect(error!.status).toBe(status);
  if (message) expect(error!.message).toBe(message);
  expect(await databaseFingerprint()).toEqual(before);
}

async function lastAudit() {
  const [row] = await db.select().from(t.auditLog).orderBy(desc(t.auditLog.id)).limit(1);
  return row;
}

const addChild = (ctx: RequestContext, extra: Record<string, unknown> = {}) =>
  upsertChild(ctx, upsertChildSchema.parse({ client_hash: couple.owner1.hash, owner: 'both', ...name('Kim'), dob: '03/04/2015', gender: 'female', ...extra }));

describe('children and guardians', () => {
  it('creates a child owned by both with a guardian, audited with the actor', async () => {
    const view = await addChild(couple.clientCtx, { guardian1: { ...name('Gail', 'Guard'), phone: '(555) 111-2222', email: 'Gail@Example.com' } });
    expect(view.children).toHaveLength(1);
    const [child] = view.children;
    expect(child).toMatchObject({
      owner: 'both',
      gender: 'female',
      person: { firstName: 'Kim', dob: '2015-03-04' },
      guardian1: { firstName: 'Gail', phone: '5551112222', email: 'gail@example.com' },
      guardian2: null,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'intake.child.create',
      actorUserId: couple.household.user.id,
      impersonatorUserId: null,
      targetType: 'child',
    });
  });

  it('drops the guardians of an adult child, and of a child who turns out to be one', async () => {
    const adult = await addChild(couple.clientCtx, { dob: '01/01/1990', guardian1: { ...name('Gail', 'Guard') } });
    expect(adult.children[0].guardian1).toBeNull();
    const minor = await addChild(couple.clientCtx, { ...name('Lee'), guardian1: { ...name('Gail', 'Guard') } });
    const lee = minor.children.find((c) => c.person.firstName === 'Lee')!;
    expect(lee.guardian1).not.toBeNull();
    const grown = await upsertChild(
      couple.clientCtx,
      upsertChildSchema.parse({
        client_hash: couple.owner1.hash,
        hash: lee.hash,
        version: lee.version,
        owner: 'both',
        ...name('Lee'),
        dob: '01/01/1990',
        guardian1: { ...name('Gail', 'Guard') },
      }),
    );
    expect(grown.children.find((c) => c.hash === lee.hash)!.guardian1).toBeNull();
    // The guardian nobody uses any more is gone.
    expect(await db.select().from(t.persons).where(eq(t.persons.firstName, 'Gail'))).toHaveLength(0);
  });

  it('reuses a guardian across children (by hash or by name) and keeps two guardians apart', async () => {
    const first = await addChild(couple.clientCtx, {
      guardian1: { ...name('Gail', 'Guard'), phone: '5551112222' },
      guardian2: { ...name('Hal', 'Guard') },
      multi_guardian_specifics: 'Together.',
    });
    const gail = first.children[0].guardian1!;
    const second = await addChild(couple.clientCtx, { ...name('Lee'), guardian1: { person_hash: gail.hash, ...name('Gail', 'Guard'), phone: '5553334444' } });
    const third = await addChild(couple.clientCtx, { ...name('Max'), guardian1: { ...name('gail', 'GUARD') } });
    expect(second.children[1].guardian1!.hash).toBe(gail.hash);
    expect(third.children[2].guardian1!.hash).toBe(gail.hash);
    // The same person: the phone typed on the second child is the guardian's phone everywhere.
    expect(third.children[0].guardian1!.phone).toBe('5553334444');
    expect(third.children[0]).toMatchObject({ guardian2: { firstName: 'Hal' }, multiGuardianSpecifics: 'Together.' });
    expect(peopleOf(third).find((p) => p.person.hash === gail.hash)!.lists).toEqual(['Guardian']);
  });

  it('answers 409 for a stale version and writes nothing; the current version saves', async () => {
    const view = await addChild(couple.clientCtx);
    const child = view.children[0];
    const save = (version: number, first: string) =>
      upsertChild(
        couple.advisorCtx,
        upsertChildSchema.parse({ client_hash: couple.owner2!.hash, hash: child.hash, version, owner: '1', ...name(first), dob: '03/04/2015' }),
      );
    const saved = await save(child.version, 'Kimberly');
    expect(saved.children[0]).toMatchObject({ owner: '1', version: child.version + 1, person: { firstName: 'Kimberly' } });
    await refusedUnchanged(() => save(child.version, 'Kimmy'), 409, STALE_VERSION_MESSAGE);
    await refusedUnchanged(
      () => deleteChild(couple.clientCtx, deleteChildSchema.parse({ client_hash: couple.owner1.hash, hash: child.hash, version: child.version })),
      409,
    );
  });

  it('refuses a spouse owner for a single client, and a household outside the scope (404, nothing written)', async () => {
    const single = await makeCouple({ spouse: false });
    await refusedUnchanged(
      () => upsertChild(single.clientCtx, upsertChildSchema.parse({ client_hash: single.owner1.hash, owner: 'both', ...name('Kim'), dob: '03/04/2015' })),
      422,
    );
    await refusedUnchanged(() => addChild(single.advisorCtx), 404);
    const view = await addChild(couple.clientCtx);
    await refusedUnchanged(
      () => deleteChild(single.advisorCtx, deleteChildSchema.parse({ client_hash: couple.owner1.hash, hash: view.children[0].hash, version: 1 })),
      404,
    );
    // A record of another household addressed through this one is not found either.
    await refusedUnchanged(
      () => deleteChild(single.clientCtx, deleteChildSchema.parse({ client_hash: single.owner1.hash, hash: view.children[0].hash, version: 1 })),
      404,
    );
  });

  it('deletes a child; its person stays while another list uses it', async () => {
    const view = await addChild(couple.clientCtx);
    const child = view.children[0];
    const linked = await upsertTrustee(
      couple.clientCtx,
      upsertTrusteeSchema.parse({
        client_hash: couple.owner1.hash,
        existing_person_hash: child.person.hash,
        owner: '1',
        values1: { order: 1 },
        ...name('Kim'),
      }),
    );
    expect(linked.trustees[0].person.hash).toBe(child.person.hash);
    const after = await deleteChild(couple.clientCtx, deleteChildSchema.parse({ client_hash: couple.owner1.hash, hash: child.hash, version: child.version }));
    expect(after.children).toEqual([]);
    expect(after.trustees[0].person.hash).toBe(child.person.hash);
    expect(await lastAudit()).toMatchObject({ action: 'intake.child.delete' });
  });
});

describe("'Do you have any children?' (issue 27)", () => {
  const answer = (ctx: RequestContext, hasChildren: boolean, clientHash = couple.owner1.hash) =>
    setHasChildren(ctx, setHasChildrenSchema.parse({ client_hash: clientHash, has_children: hasChildren }));
  const childrenSection = (view: IntakeView) => view.completion.sections.find((s) => s.key === 'children')!;
  const storedAnswers = async () =>
    (await db.select({ id: t.clients.id, hasChildren: t.clients.hasChildren, version: t.clients.version }).from(t.clients)).filter((c) =>
      [couple.owner1.id, couple.owner2!.id].includes(c.id),
    );

  it('a new household has not answered: Children is not complete and the figure is 0 %; an explicit No completes it', async () => {
    const fresh = await loadIntake(couple.clientCtx, couple.owner1.hash);
    expect(fresh.hasChildren).toBeNull();
    expect(childrenSection(fresh).state).toBe('empty');
    expect(fresh.completion.percent).toBe(0);
    // The spouse answers for the household: the answer is stored on owner 1's row, the versions untouched.
    const no = await answer(couple.spouseCtx!, false, couple.owner2!.hash);
    expect(no.hasChildren).toBe(false);
    expect(childrenSection(no)).toMatchObject({ state: 'complete', unanswered: 0 });
    expect(no.completion.percent).toBe(16);
    expect(await storedAnswers()).toEqual(
      expect.arrayContaining([
        { id: couple.owner1.id, hasChildren: false, version: 1 },
        { id: couple.owner2!.id, hasChildren: null, version: 1 },
      ]),
    );
    expect(await lastAudit()).toMatchObject({ action: 'intake.hasChildren.update', actorUserId: couple.household.spouse!.user.id, targetType: 'client' });
    // Yes with nobody listed is answered but not complete: the list is still to fill.
    const yes = await answer(couple.clientCtx, true);
    expect(childrenSection(yes)).toMatchObject({ state: 'incomplete', problem: 'No child listed yet' });
  });

  it('adding a child says Yes; No while children are listed is refused (422) and writes nothing', async () => {
    await answer(couple.clientCtx, false);
    const view = await addChild(couple.clientCtx, { dob: '01/01/1990' });
    expect(view.hasChildren).toBe(true);
    expect(childrenSection(view).state).toBe('complete');
    await refusedUnchanged(() => answer(couple.clientCtx, false), 422, CHILDREN_LISTED_MESSAGE);
    // Once the list is empty again, No is an answer.
    const emptied = await deleteChild(couple.clientCtx, deleteChildSchema.parse({ client_hash: couple.owner1.hash, hash: view.children[0].hash, version: 1 }));
    expect(childrenSection(emptied).state).toBe('incomplete');
    expect(childrenSection(await answer(couple.clientCtx, false))).toMatchObject({ state: 'complete' });
  });

  it("the action: another household's client is refused (404) and bad input is refused (422), writing nothing", async () => {
    const other = await makeCouple({ spouse: false });
    setRequestHeaders({ host: 'localhost:3000', origin: 'http://localhost:3000' });
    try {
      // Signing in records a session: each fingerprint is taken after it.
      await signInAs(other.household.user);
      const before = await databaseFingerprint();
      expect(await setHasChildrenAction({ client_hash: couple.owner1.hash, has_children: false })).toMatchObject({ ok: false, status: 404 });
      expect(await databaseFingerprint()).toEqual(before);
      await signInAs(couple.household.user);
      const beforeBad = await databaseFingerprint();
      for (const bad of [{ client_hash: couple.owner1.hash, has_children: 'no' }, { client_hash: couple.owner1.hash }, { has_children: false }]) {
        expect(await setHasChildrenAction(bad as never)).toMatchObject({ ok: false, status: 422 });
      }
      expect(await databaseFingerprint()).toEqual(beforeBad);
      // The household's own client is let in.
      expect(await setHasChildrenAction({ client_hash: couple.owner1.hash, has_children: false })).toMatchObject({ ok: true, data: { hasChildren: false } });
    } finally {
      signOut();
    }
  });
});

describe('linking an existing person', () => {
  it('reuses the person row and keeps its filled name, dob, phone and email (blanks are filled)', async () => {
    const view = await addChild(couple.clientCtx);
    const kim = view.children[0].person;
    const linked = await upsertAgent(
      couple.clientCtx,
      upsertAgentSchema.parse({
        client_hash: couple.owner1.hash,
        type: 'general',
        existing_person_hash: kim.hash,
        owner: 'both',
        values1: { order: 1 },
        ...name('Changed', 'Name'),
        phone: '5559998888',
        email: 'kim@example.com',
      }),
    );
    const agent = linked.agents[0];
    expect(agent.person).toMatchObject({ hash: kim.hash, firstName: 'Kim', lastName: 'Doe', dob: '2015-03-04', phone: '5559998888', email: 'kim@example.com' });
    expect(linked.children[0].person.firstName).toBe('Kim');
    expect(peopleOf(linked).find((p) => p.person.hash === kim.hash)!.lists).toEqual(['Child', 'General PoA']);
    // The same person serving under another type shares the agent row.
    const medical = await upsertAgent(
      couple.clientCtx,
      upsertAgentSchema.parse({
        client_hash: couple.owner1.hash,
        type: 'medical',
        existing_person_hash: kim.hash,
        owner: '1',
        values1: { order: 2 },
        ...name('Kim'),
      }),
    );
    expect(medical.agents.map((a) => [a.type, a.hash])).toEqual([
      ['general', agent.hash],
      ['medical', agent.hash],
    ]);
    // Linking the same person to the same list again is refused.
    await refusedUnchanged(
      () =>
        upsertAgent(
          couple.clientCtx,
          upsertAgentSchema.parse({
            client_hash: couple.owner1.hash,
            type: 'medical',
            existing_person_hash: kim.hash,
            owner: '1',
            values1: { order: 3 },
            ...name('Kim'),
          }),
        ),
      422,
    );
  });

  it('refuses a person of another household (404) and relinking a saved record (422)', async () => {
    const other = await makeCouple();
    const otherView = await upsertChild(
      other.clientCtx,
      upsertChildSchema.parse({ client_hash: other.owner1.hash, owner: '1', ...name('Stranger'), dob: '01/01/2010' }),
    );
    await refusedUnchanged(
      () =>
        upsertTrustee(
          couple.clientCtx,
          upsertTrusteeSchema.parse({
            client_hash: couple.owner1.hash,
            existing_person_hash: otherView.children[0].person.hash,
            owner: '1',
            values1: { order: 1 },
            ...name('Stranger'),
          }),
        ),
      404,
    );
    const view = await addChild(couple.clientCtx);
    const trustee = (
      await upsertTrustee(couple.clientCtx, upsertTrusteeSchema.parse({ client_hash: couple.owner1.hash, owner: '1', values1: { order: 1 }, ...name('Tess') }))
    ).trustees[0];
    await refusedUnchanged(
      () =>
        upsertTrustee(
          couple.clientCtx,
          upsertTrusteeSchema.parse({
            client_hash: couple.owner1.hash,
            hash: trustee.hash,
            version: trustee.version,
            existing_person_hash: view.children[0].person.hash,
            owner: '1',
            values1: { order: 1 },
            ...name('Kim'),
          }),
        ),
      422,
    );
  });
});

describe('beneficiaries and the owner engine', () => {
  const save = (ctx: RequestContext, fields: Record<string, unknown>) =>
    upsertBeneficiary(ctx, upsertBeneficiarySchema.parse({ client_hash: couple.owner1.hash, type: 'person', ...name('Bea'), ...fields }));

  it('stores separate values for both owners, and moves or keeps them when the owner changes', async () => {
    const created = await save(couple.clientCtx, {
      owner: 'both',
      same_values: false,
      values1: terms('primary', '60'),
      values2: terms('contingent', '40', 'Friend'),
    });
    const b = created.beneficiaries[0];
    expect(b).toMatchObject({
      owner: 'both',
      terms1: { tier: 'primary', sharePercent: '60.00', relationship: 'Child', isPerStirpes: true },
      terms2: { tier: 'contingent', sharePercent: '40.00', relationship: 'Friend' },
    });

    // both → 1 keeps client 1's values and unlinks the spouse.
    const toOne = await save(couple.clientCtx, { hash: b.hash, version: b.version, owner: '1', values1: terms('primary', '60') });
    expect(toOne.beneficiaries[0]).toMatchObject({ owner: '1', terms1: { tier: 'primary', sharePercent: '60.00' }, terms2: null });

    // 1 → 2: the form moves the values to values2 (same values ticked, as changeOwner leaves it).
    const one = toOne.beneficiaries[0];
    const toTwo = await save(couple.clientCtx, {
      hash: one.hash,
      version: one.version,
      owner: '2',
      same_values: true,
      values1: terms('', null, ''),
      values2: terms('primary', '60'),
    });
    expect(toTwo.beneficiaries[0]).toMatchObject({ owner: '2', terms1: null, terms2: { tier: 'primary', sharePercent: '60.00' } });

    // both with same values writes the client's values for the spouse too.
    const two = toTwo.beneficiaries[0];
    const same = await save(couple.clientCtx, {
      hash: two.hash,
      version: two.version,
      owner: 'both',
      same_values: true,
      values1: terms('tertiary', '100'),
      values2: terms('primary', '5'),
    });
    expect(same.beneficiaries[0].terms2).toEqual(same.beneficiaries[0].terms1);
  });

  it("requires an owning client's terms only", async () => {
    expect(() =>
      upsertBeneficiarySchema.parse({ client_hash: couple.owner1.hash, type: 'person', ...name('Bea'), owner: '2', values2: terms('', null) }),
    ).toThrow(/Tier is required/);
    expect(
      upsertBeneficiarySchema.parse({ client_hash: couple.owner1.hash, type: 'person', ...name('Bea'), owner: '1', values1: terms('primary', '10') }).values2
        .tier,
    ).toBe('');
  });

  it('omits: tier omitted, share 0, no per stirpes, the reason kept', async () => {
    const view = await save(couple.clientCtx, {
      owner: '1',
      values1: terms('omitted', '55', 'Sibling', { is_per_stirpes: true, omission_reason: 'Provided for.' }),
    });
    expect(view.beneficiaries[0].terms1).toEqual({
      tier: 'omitted',
      sharePercent: '0.00',
      relationship: 'Sibling',
      isPerStirpes: false,
      omissionReason: 'Provided for.',
    });
    const again = await save(couple.clientCtx, {
      hash: view.beneficiaries[0].hash,
      version: view.beneficiaries[0].version,
      owner: '1',
      values1: terms('primary', '100', 'Sibling', { omission_reason: 'stale' }),
    });
    expect(again.beneficiaries[0].terms1).toMatchObject({ tier: 'primary', sharePercent: '100.00', omissionReason: null });
  });

  it('seals an entity identifier with its kind at its place and shows only the last four; a trust is related as Trust', async () => {
    const view = await upsertBeneficiary(
      couple.clientCtx,
      upsertBeneficiarySchema.parse({
        client_hash: couple.owner1.hash,
        type: 'entity',
        name: 'Doe Family Trust',
        identifier: '12-3456789',
        identifier_kind: 'ein',
        date: '02/03/2010',
        is_trust: true,
        owner: 'both',
        values1: terms('contingent', '100', 'Friend'),
      }),
    );
    const b = view.beneficiaries[0];
    expect(b.entity).toEqual({ name: 'Doe Family Trust', identifierKind: 'ein', identifierLast4: '6789', date: '2010-02-03', isTrust: true });
    expect(b.terms1!.relationship).toBe('Trust');
    expect(b.terms2!.relationship).toBe('Trust');
    expect(JSON.stringify(view)).not.toContain('123456789');
    const [row] = await db.select().from(t.beneficiaries).where(eq(t.beneficiaries.hash, b.hash));
    expect(decrypt(row.entityIdentifierCipher!, placeOf(t.beneficiaries.entityIdentifierCipher, b.hash))).toBe('123456789');
    // '' keeps the stored identifier.
    const kept = await upsertBeneficiary(
      couple.clientCtx,
      upsertBeneficiarySchema.parse({
        client_hash: couple.owner1.hash,
        hash: b.hash,
        version: b.version,
        type: 'entity',
        name: 'Doe Trust',
        identifier: '',
        date: '',
        is_trust: false,
        owner: '1',
        values1: terms('contingent', '100', 'Other charity'),
      }),
    );
    expect(kept.beneficiaries[0]).toMatchObject({
      entity: { name: 'Doe Trust', identifierKind: 'ein', identifierLast4: '6789', isTrust: false },
      terms1: { relationship: 'Other charity' },
    });
  });

  it("seals a person beneficiary's SSN on the person row; deleting keeps a person another list uses", async () => {
    const view = await save(couple.clientCtx, { owner: '1', ssn: '987-65-4321', dob: '01/02/1980', values1: terms('primary', '100') });
    const b = view.beneficiaries[0];
    expect(b.person).toMatchObject({ ssnLast4: '4321', dob: '1980-01-02' });
    const [person] = await db.select().from(t.persons).where(eq(t.persons.hash, b.person!.hash));
    expect(decrypt(person.ssnCipher!, placeOf(t.persons.ssnCipher, person.hash))).toBe('987654321');
    const after = await deleteBeneficiary(
      couple.clientCtx,
      deleteBeneficiarySchema.parse({ client_hash: couple.owner1.hash, hash: b.hash, version: b.version }),
    );
    expect(after.beneficiaries).toEqual([]);
    expect(await db.select().from(t.persons).where(eq(t.persons.hash, b.person!.hash))).toHaveLength(0);
    expect(await lastAudit()).toMatchObject({ action: 'intake.beneficiary.delete' });
  });
});

describe('successor trustees and agents', () => {
  it('keeps a serve order per owner', async () => {
    const view = await upsertTrustee(
      couple.clientCtx,
      upsertTrusteeSchema.parse({
        client_hash: couple.owner1.hash,
        owner: 'both',
        same_values: false,
        values1: { order: '1' },
        values2: { order: 3 },
        ...name('Tess'),
        phone: '555-123-4567',
      }),
    );
    expect(view.trustees[0]).toMatchObject({ owner: 'both', order1: 1, order2: 3, person: { phone: '5551234567' } });
    const trustee = view.trustees[0];
    const after = await deleteTrustee(
      couple.clientCtx,
      deleteTrusteeSchema.parse({ client_hash: couple.owner1.hash, hash: trustee.hash, version: trustee.version }),
    );
    expect(after.trustees).toEqual([]);
  });

  it('refuses the financial PoA for clients of apsi (403), on agents and on the spouse choice, writing nothing', async () => {
    const apsi = await makeCouple({ firmName: 'apsi' });
    await refusedUnchanged(
      () =>
        upsertAgent(
          apsi.clientCtx,
          upsertAgentSchema.parse({ client_hash: apsi.owner1.hash, type: 'financial', owner: '1', values1: { order: 1 }, ...name('Fin') }),
        ),
      403,
      'The Financial Durable Power of Attorney is not available for this client.',
    );
    await refusedUnchanged(
      () => setSpouseChoice(apsi.clientCtx, setSpouseChoiceSchema.parse({ client_hash: apsi.owner1.hash, version: 1, is_spouse_poa_financial: true })),
      403,
    );
    const general = await upsertAgent(
      apsi.clientCtx,
      upsertAgentSchema.parse({ client_hash: apsi.owner1.hash, type: 'general', owner: '1', values1: { order: 1 }, ...name('Gen') }),
    );
    expect(general.agents).toHaveLength(1);
  });

  it('deletes an agent from one type; the agent row goes with its last type', async () => {
    const first = await upsertAgent(
      couple.clientCtx,
      upsertAgentSchema.parse({ client_hash: couple.owner1.hash, type: 'general', owner: 'both', values1: { order: 1 }, ...name('Ann') }),
    );
    const ann = first.agents[0];
    const both = await upsertAgent(
      couple.clientCtx,
      upsertAgentSchema.parse({
        client_hash: couple.owner1.hash,
        type: 'medical',
        existing_person_hash: ann.person.hash,
        owner: '2',
        values2: { order: 1 },
        ...name('Ann'),
      }),
    );
    expect(both.agents.map((a) => [a.type, a.owner, a.order1, a.order2])).toEqual([
      ['general', 'both', 1, 1],
      ['medical', '2', null, 1],
    ]);
    const version = both.agents[0].version;
    const noGeneral = await deleteAgent(
      couple.clientCtx,
      deleteAgentSchema.parse({ client_hash: couple.owner1.hash, hash: ann.hash, version, type: 'general' }),
    );
    expect(noGeneral.agents.map((a) => a.type)).toEqual(['medical']);
    await refusedUnchanged(
      () =>
        deleteAgent(
          couple.clientCtx,
          deleteAgentSchema.parse({ client_hash: couple.owner1.hash, hash: ann.hash, version: noGeneral.agents[0].version, type: 'general' }),
        ),
      404,
    );
    const none = await deleteAgent(
      couple.clientCtx,
      deleteAgentSchema.parse({ client_hash: couple.owner1.hash, hash: ann.hash, version: noGeneral.agents[0].version, type: 'medical' }),
    );
    expect(none.agents).toEqual([]);
    expect(await db.select().from(t.poaAgents)).toHaveLength(0);
    expect(await db.select().from(t.persons).where(eq(t.persons.firstName, 'Ann'))).toHaveLength(0);
  });

  it("how agents serve is the client's whole list's, per type: set from one agent, kept when not sent, taken by a newcomer", async () => {
    const h = couple.owner1.hash;
    const save = (extra: Record<string, unknown>) => upsertAgent(couple.clientCtx, upsertAgentSchema.parse({ client_hash: h, type: 'general', ...extra }));
    const services = (view: IntakeView, type = 'general') =>
      view.agents
        .filter((a) => a.type === type)
        .map((a) => [a.person.firstName, a.service1, a.service2])
        .sort(([a], [b]) => String(a).localeCompare(String(b)));
    const inOrder = { isCollective: false, isIndependent: false };
    const together = { isCollective: true, isIndependent: false };
    const independently = { isCollective: true, isIndependent: true };

    // Pat's first general agent, in order; a medical agent of Pat's stays out of it.
    await save({ owner: '1', values1: { order: 1 }, ...name('Ann') });
    await upsertAgent(couple.clientCtx, upsertAgentSchema.parse({ client_hash: h, type: 'medical', owner: '1', values1: { order: 1 }, ...name('Med') }));
    // The second says 'together as co-agents, served independently': Ann's pivot follows.
    const second = await save({ owner: '1', values1: { order: 2, is_collective: true, is_independent: true }, ...name('Ben') });
    expect(services(second)).toEqual([
      ['Ann', independently, null],
      ['Ben', independently, null],
    ]);
    expect(services(second, 'medical')).toEqual([['Med', inOrder, null]]);
    expect((await lastAudit()).action).toBe('intake.agent.create');

    // A newcomer sending nothing takes the list's choice; an update sending nothing keeps it.
    const third = await save({ owner: '1', values1: { order: 3 }, ...name('Cy') });
    expect(services(third).map(([, s1]) => s1)).toEqual([independently, independently, independently]);
    const ben = third.agents.find((a) => a.person.firstName === 'Ben')!;
    const moved = await save({ hash: ben.hash, version: ben.version, owner: '1', values1: { order: 4 }, ...name('Ben') });
    expect(moved.agents.find((a) => a.hash === ben.hash)).toMatchObject({ order1: 4, service1: independently });

    // 'Independently' without co-agents means nothing: back in order, for the whole list.
    const ann = moved.agents.find((a) => a.person.firstName === 'Ann')!;
    const back = await save({
      hash: ann.hash,
      version: ann.version,
      owner: '1',
      values1: { order: 1, is_collective: false, is_independent: true },
      ...name('Ann'),
    });
    expect(services(back).map(([, s1]) => s1)).toEqual([inOrder, inOrder, inOrder]);

    // Owned by both with separate values: each client's list gets its own choice.
    const both = await save({
      owner: 'both',
      same_values: false,
      values1: { order: 5, is_collective: true },
      values2: { order: 1, is_collective: false },
      ...name('Dee'),
    });
    expect(services(both)).toEqual([
      ['Ann', together, null],
      ['Ben', together, null],
      ['Cy', together, null],
      ['Dee', together, inOrder],
    ]);
    const stored = await db
      .select({ isCollective: t.clientPoaAgents.isCollective, isIndependent: t.clientPoaAgents.isIndependent })
      .from(t.clientPoaAgents)
      .where(and(eq(t.clientPoaAgents.clientId, couple.owner1.id), eq(t.clientPoaAgents.type, 'general')));
    expect(stored).toEqual(Array(4).fill(together));
  });
});

describe('personal info, estate plan info and the spouse choices', () => {
  const personal = (view: IntakeView, extra: Record<string, unknown> = {}) =>
    updatePersonalInfoSchema.parse({
      client_hash: view.spouse!.hash,
      version: view.spouse!.version,
      person_version: view.spouse!.person.version,
      ...name('Sam', 'Smith'),
      phone: '(555) 222-3333',
      dob: '05/06/1970',
      ssn: '111-22-3333',
      gender: 'female',
      residence_state: 'ca',
      is_us_citizen: true,
      is_receiving_medicaid: false,
      has_mental_disorder: false,
      wants_life_support: null,
      wants_cremation: true,
      is_organ_donor: true,
      email: 'ignored@example.com',
      ...extra,
    });

  it('saves a spouse\'s personal info (the login email untouched); SSN "" keeps the stored one; stale person version → 409', async () => {
    const view = await loadIntake(couple.clientCtx, couple.owner1.hash);
    const saved = await updatePersonalInfo(couple.clientCtx, personal(view));
    expect(saved.spouse).toMatchObject({
      gender: 'female',
      residenceState: 'CA',
      isUsCitizen: true,
      wantsLifeSupport: null,
      person: { firstName: 'Sam', phone: '5552223333', dob: '1970-05-06', ssnLast4: '3333' },
    });
    expect(saved.spouse!.loginEmail).toBe(view.spouse!.loginEmail);
    const kept = await updatePersonalInfo(couple.clientCtx, personal(saved, { ssn: '', first_name: 'Samantha' }));
    expect(kept.spouse!.person).toMatchObject({ firstName: 'Samantha', ssnLast4: '3333' });
    // The settings page (or another list) changed the person in between: 409.
    await refusedUnchanged(() => updatePersonalInfo(couple.clientCtx, personal(kept, { person_version: saved.spouse!.person.version })), 409);
    await refusedUnchanged(() => updatePersonalInfo(couple.clientCtx, personal(kept, { version: saved.spouse!.version })), 409);
  });

  const plan = (view: IntakeView, client1: Record<string, unknown>, client2?: Record<string, unknown> | null) => ({
    client_hash: view.client.hash,
    client1: { version: view.client.version, ...client1 },
    client2: client2 === undefined ? null : client2 && { version: view.spouse?.version ?? 1, ...client2 },
  });

  it('applies the dependencies on the server: No clears the type, trust details only for a Trust', async () => {
    const view = await loadIntake(couple.clientCtx, couple.owner1.hash);
    const trust = {
      has_estate_plan: true,
      estate_plan_type: 'trust',
      trust_name: 'Doe Trust',
      trust_date: '06/12/2009',
      trust_times_amended: '2',
      trust_replacement_reason: 'Restate.',
      is_assets_trust_owned: 'yes',
      trust_governing_state: 'CA',
      has_trust_intent_1: true,
      has_trust_intent_6: false,
      has_trust_intent_7: true,
    };
    const saved = await updateEstatePlanInfo(
      couple.clientCtx,
      updateEstatePlanInfoSchema.parse(
        plan(view, trust, { has_estate_plan: 'yes', estate_plan_type: 'Will', trust_name: 'Dropped', trust_times_amended: 3, is_assets_trust_owned: true }),
      ),
    );
    expect(saved.client).toMatchObject({
      hasEstatePlan: 'yes',
      estatePlanType: 'Trust',
      trustName: 'Doe Trust',
      trustDate: '2009-06-12',
      trustTimesAmended: 2,
      isAssetsTrustOwned: 'yes',
      trustGoverningState: 'CA',
    });
    expect(saved.client.intents).toEqual([true, null, null, null, null, false, true]);
    expect(saved.spouse).toMatchObject({ estatePlanType: 'Will', trustName: null, trustTimesAmended: null, isAssetsTrustOwned: null });
    const no = await updateEstatePlanInfo(couple.clientCtx, updateEstatePlanInfoSchema.parse(plan(saved, { ...trust, has_estate_plan: false })));
    expect(no.client).toMatchObject({ hasEstatePlan: 'no', estatePlanType: null, trustName: null, isAssetsTrustOwned: null, trustGoverningState: 'CA' });
    expect(await lastAudit()).toMatchObject({ action: 'intake.estatePlanInfo.update' });
    // Both rows are version-checked: a stale spouse version writes nothing, the client's neither.
    await refusedUnchanged(() => updateEstatePlanInfo(couple.clientCtx, updateEstatePlanInfoSchema.parse(plan(saved, trust, {}))), 409);
  });

  it('asks intents 6 and 7 of a married household only, and intent 1 after the governing state', async () => {
    const single = await makeCouple({ spouse: false });
    const view = await loadIntake(single.clientCtx, single.owner1.hash);
    const saved = await updateEstatePlanInfo(
      single.clientCtx,
      updateEstatePlanInfoSchema.parse(plan(view, { has_estate_plan: false, has_trust_intent_6: true, has_trust_intent_7: true })),
    );
    expect(saved.client.intents.slice(5)).toEqual([null, null]);
    expect(() => updateEstatePlanInfoSchema.parse(plan(view, { has_trust_intent_1: true }))).toThrow('Please choose the governing state first.');
    await refusedUnchanged(() => updateEstatePlanInfo(single.clientCtx, updateEstatePlanInfoSchema.parse(plan(saved, {}, {}))), 422);
  });

  it("saves each client's spouse choices; a single client has none", async () => {
    const view = await loadIntake(couple.spouseCtx!, couple.owner2!.hash);
    const saved = await setSpouseChoice(
      couple.spouseCtx!,
      setSpouseChoiceSchema.parse({
        client_hash: couple.owner2!.hash,
        version: view.spouse!.version,
        is_spouse_beneficiary: true,
        is_spouse_poa_medical: false,
      }),
    );
    expect(saved.spouse).toMatchObject({ isSpouseBeneficiary: true, isSpousePoa: { general: null, medical: false, financial: null } });
    expect(saved.client.isSpouseBeneficiary).toBeNull();
    await refusedUnchanged(
      () =>
        setSpouseChoice(
          couple.spouseCtx!,
          setSpouseChoiceSchema.parse({ client_hash: couple.owner2!.hash, version: view.spouse!.version, is_spouse_beneficiary: false }),
        ),
      409,
    );
    const single = await makeCouple({ spouse: false });
    await refusedUnchanged(
      () => setSpouseChoice(single.clientCtx, setSpouseChoiceSchema.parse({ client_hash: single.owner1.hash, version: 1, is_spouse_beneficiary: true })),
      422,
    );
  });
});

describe('who may write', () => {
  it('after submission only attorneys and admins change the intake', async () => {
    await db.update(t.clients).set({ isTrustSubmitted: true }).where(eq(t.clients.id, couple.owner1.id));
    await refusedUnchanged(() => addChild(couple.clientCtx), 403, 'This trust has been submitted for attorney review. Only the attorney can change it now.');
    await refusedUnchanged(() => addChild(couple.advisorCtx), 403);
    const legal = ctxOf(await actorOf((await makeUser({ isLegal: true })).user));
    expect((await addChild(legal)).children).toHaveLength(1);
  });

  it('records the admin behind an impersonation', async () => {
    const admin = await makeUser({ isAdmin: true });
    const acting = ctxOf(await actorOf(couple.advisor.user, admin.user));
    await addChild(acting);
    expect(await lastAudit()).toMatchObject({ action: 'intake.child.create', actorUserId: couple.advisor.user.id, impersonatorUserId: admin.user.id });
  });

  it('leaves no orphan pivots behind a refused save', async () => {
    const view = await addChild(couple.clientCtx);
    const pivots = await db
      .select()
      .from(t.clientChildren)
      .where(and(eq(t.clientChildren.childId, 1)));
    expect(pivots).toHaveLength(2);
    expect(view.children[0].owner).toBe('both');
  });
});
