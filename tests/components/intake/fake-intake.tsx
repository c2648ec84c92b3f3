import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { IntakeProvider } from '@/components/intake/intake-context';
import { CallProvider } from '@/components/ui/call-provider';
import * as actions from '@/lib/actions/intake';
import type { ActionResult } from '@/lib/http/result';
import type { ClientView, IntakeView } from '@/lib/intake/types';
import { saveNoteSchema } from '@/lib/validation/intake-assets';
import {
  ESTATE_PLAN_UPDATED,
  setHasChildrenSchema,
  setSpouseChoiceSchema,
  updateEstatePlanInfoSchema,
  updatePersonalInfoSchema,
} from '@/lib/validation/intake';
import { finish, nextHash } from './fake-household';
import { FAKE_LISTS, personFrom, stale, type ActionName, type ListName, type Run } from './fake-lists';

export * from './fake-household';

/*
 * A household for the intake's component tests (./fake-household.ts) and a fake of the intake actions: each
 * action parses its input with the real schema (as the server door does), checks the version it was based
 * on (409 with the server's message when stale), applies the change to an in-memory IntakeView and answers
 * the refreshed view, with `people` and `completion` recomputed by the real pure rules. The list sections
 * go through one generic fake (./fake-lists.ts); the client's own answers and the note are here.
 *
 * Test files mock the actions module (./actions-mock) and next/navigation themselves (jest.mock is hoisted):
 *
 *     jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
 *     jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn() }) }));
 */

type Result = Promise<ActionResult<IntakeView>>;

/** Installs the fake actions on the mocked module; returns the current view and the recorded inputs. */
export function fakeServer(initial: IntakeView) {
  let view = initial;
  const answer = (next: IntakeView): ActionResult<IntakeView> => {
    view = finish(next);
    return { ok: true, data: view };
  };
  const mock = (name: ActionName, run: Run, message?: string) => {
    const fn = jest.mocked(actions[name]) as unknown as jest.Mock<Result, [unknown]>;
    fn.mockReset();
    fn.mockImplementation(async (input: unknown) => {
      const result = run(input);
      return result.ok && message ? { ...result, message } : result;
    });
  };
  /** A save of one client's own answers, at the version the form read. */
  const saveClient = (input: { client_hash: string; version?: number }, change: (current: ClientView) => Partial<ClientView>) => {
    const target = view.client.hash === input.client_hash ? 'client' : 'spouse';
    const current = view[target]!;
    if (input.version !== current.version) return stale();
    return answer({ ...view, [target]: { ...current, ...change(current), version: current.version + 1 } });
  };

  mock('updatePersonalInfoAction', (raw) => {
    const input = updatePersonalInfoSchema.parse(raw);
    return saveClient(input, (current) => ({
      person: { ...personFrom(input, current.person), ssnLast4: input.ssn ? input.ssn.slice(-4) : current.person.ssnLast4 },
      gender: input.gender || null,
      residenceState: input.residence_state || null,
      isUsCitizen: input.is_us_citizen,
      isReceivingMedicaid: input.is_receiving_medicaid,
      hasMentalDisorder: input.has_mental_disorder,
      wantsLifeSupport: input.wants_life_support,
      wantsCremation: input.wants_cremation,
      isOrganDonor: input.is_organ_donor,
    }));
  });

  mock(
    'updateEstatePlanInfoAction',
    (raw) => {
      const input = updateEstatePlanInfoSchema.parse(raw);
      const apply = (current: ClientView, a: NonNullable<typeof input.client2>): ClientView => {
        const trust = a.has_estate_plan === 'yes' && a.estate_plan_type === 'Trust';
        return {
          ...current,
          version: current.version + 1,
          hasEstatePlan: a.has_estate_plan,
          estatePlanType: a.has_estate_plan === 'yes' ? a.estate_plan_type || null : null,
          trustName: trust ? a.trust_name : null,
          trustDate: trust ? a.trust_date : null,
          trustTimesAmended: trust ? a.trust_times_amended : null,
          trustReplacementReason: trust ? a.trust_replacement_reason : null,
          isAssetsTrustOwned: trust ? a.is_assets_trust_owned : null,
          trustGoverningState: a.trust_governing_state || null,
          intents: ([1, 2, 3, 4, 5, 6, 7] as const).map((n) => a[`has_trust_intent_${n}`]) as ClientView['intents'],
          trustIntentOther: a.trust_intent_other || null,
        };
      };
      if (input.client1.version !== view.client.version || (view.spouse && input.client2?.version !== view.spouse.version)) return stale();
      return answer({
        ...view,
        client: apply(view.client, input.client1),
        spouse: view.spouse && input.client2 ? apply(view.spouse, input.client2) : view.spouse,
      });
    },
    ESTATE_PLAN_UPDATED,
  );

  mock('setSpouseChoiceAction', (raw) => {
    const input = setSpouseChoiceSchema.parse(raw);
    return saveClient(input, (current) => {
      const poa = { ...current.isSpousePoa };
      for (const type of ['general', 'medical', 'financial'] as const) {
        const value = input[`is_spouse_poa_${type}`];
        if (value !== undefined) poa[type] = value;
      }
      return { isSpouseBeneficiary: input.is_spouse_beneficiary === undefined ? current.isSpouseBeneficiary : input.is_spouse_beneficiary, isSpousePoa: poa };
    });
  });

  mock('setHasChildrenAction', (raw) => {
    const input = setHasChildrenSchema.parse(raw);
    if (!input.has_children && view.children.length > 0) return { ok: false, status: 422, message: 'Children are listed in this section.' };
    return answer({ ...view, hasChildren: input.has_children });
  });

  for (const list of FAKE_LISTS) for (const [name, run] of list({ view: () => view, answer })) mock(name, run);

  mock('saveNoteAction', (raw) => {
    const input = saveNoteSchema.parse(raw);
    if ((view.note.version ?? undefined) !== input.version) return stale();
    return answer({ ...view, note: { hash: view.note.hash ?? nextHash('note'), version: (view.note.version ?? 0) + 1, body: input.body } });
  });

  return {
    /** The view as the fake server holds it now. */
    current: () => view,
    /** Someone else saves meanwhile: the record's version moves on, so the page's next save is stale. */
    bump: (list: ListName, hash: string) => {
      view = { ...view, [list]: (view[list] as { hash: string; version: number }[]).map((r) => (r.hash === hash ? { ...r, version: r.version + 1 } : r)) };
    },
    /** The inputs the action received, parsed as the server parses them. */
    inputsOf: (name: ActionName) => (jest.mocked(actions[name]) as unknown as jest.Mock).mock.calls.map(([input]) => input),
  };
}

/** Renders intake content (a section, or the whole screen) for a household, with the fake server. */
export function renderIntake(view: IntakeView, content: ReactNode) {
  const server = fakeServer(view);
  const user = userEvent.setup();
  const utils = render(
    <CallProvider>
      <IntakeProvider initial={view}>{content}</IntakeProvider>
    </CallProvider>,
  );
  return { user, server, ...utils };
}
