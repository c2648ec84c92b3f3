import type { BeneficiaryView, ClientView, IntakeView } from '@/lib/intake/types';
import { relationshipOf } from './descendants';
import { distribute, termsOf } from './distribute';
import { clientName, clientsOf, personName, beneficiaryName } from './names';
import { guardiansOf, trusteeOf } from './roles';
import { deathsOf, scenarios } from './scenarios';
import type { EstateFlow, EstateFlowResult, OmittedBeneficiary, ReceivingTier } from './types';

/*
 * The "what if" estate flow (issue 30): for a scenario of `scenarios(view)`, what becomes of each client's
 * estate, who manages it and who cares for the minor children. Pure: the intake as loaded, the scenario's
 * id and the day minors are counted on (`now`, from the request's context); no clock, no database.
 */

type View = Pick<IntakeView, 'client' | 'spouse' | 'children' | 'beneficiaries' | 'trustees'>;

const TIER_PHRASE: Record<ReceivingTier, string> = {
  primary: 'the primary beneficiaries',
  contingent: 'the contingent beneficiaries',
  tertiary: 'the tertiary beneficiaries',
};

/** The beneficiaries a client omitted, with their reason: they receive nothing. */
function omittedOf(view: View, ownerNo: 1 | 2): OmittedBeneficiary[] {
  return view.beneficiaries
    .filter((b) => termsOf(b, ownerNo)?.tier === 'omitted')
    .map((b) => ({ hash: b.hash, name: beneficiaryName(b), relationship: relationshipOf(b, ownerNo), reason: termsOf(b, ownerNo)!.omissionReason }));
}

/** The other client of a couple. */
const otherOf = (view: View, client: ClientView): ClientView | null => (client.ownerNo === 1 ? view.spouse : view.client);

/** The flow of one scenario, or null for a scenario id this household does not offer. */
export function flowOf(view: View, scenarioId: string, now: Date | string): EstateFlowResult | null {
  const deaths = deathsOf(view, scenarioId);
  const scenario = scenarios(view).find((s) => s.id === scenarioId);
  if (!deaths || !scenario) return null;
  const deadPeople = new Set<string>();
  if (deaths.beneficiary?.person) deadPeople.add(deaths.beneficiary.person.hash);

  const estates = clientsOf(view).map((client): EstateFlow => {
    const ownerNo = client.ownerNo;
    const name = clientName(client);
    const omitted = omittedOf(view, ownerNo);
    const base = { ownerNo, clientHash: client.hash, clientName: name, omitted };
    if (!deaths.clients.has(ownerNo)) {
      return {
        ...base,
        state: 'living',
        summary: `${name} is living: nothing passes from ${name}'s estate.`,
        receipts: [],
        tiers: [],
        trustee: null,
        notes: [],
      };
    }
    const other = otherOf(view, client);
    const survivor = other && !deaths.clients.has(other.ownerNo) ? other : null;
    const trustee = trusteeOf(view, ownerNo, deadPeople, survivor);
    if (survivor && client.isSpouseBeneficiary === true) {
      const survivorName = clientName(survivor);
      return {
        ...base,
        state: 'to-survivor',
        summary: `Everything passes to ${survivorName}, the surviving trustor; ${name}'s beneficiaries receive after both deaths.`,
        receipts: [{ kind: 'survivor', hash: survivor.hash, name: personName(survivor.person) || survivorName, tier: null, sharePercent: '100.00', via: null }],
        tiers: [],
        trustee,
        notes: [],
      };
    }
    // A beneficiary is dead in this scenario when they are the one who predeceased, or the other client
    // (listed as 'Spouse' or as the same person) once that client has died too. Entities never die.
    const isDead = (b: BeneficiaryView): boolean => {
      if (b.type !== 'person') return false;
      if (deaths.beneficiary?.hash === b.hash || (b.person && deadPeople.has(b.person.hash))) return true;
      const isOther = other !== null && (relationshipOf(b, ownerNo) === 'Spouse' || b.person?.hash === other.person.hash);
      return isOther && deaths.clients.has(other.ownerNo);
    };
    const { receipts, tiers, takingTier } = distribute(view, ownerNo, isDead);
    const notes: string[] = [];
    if (survivor && client.isSpouseBeneficiary === null) {
      notes.push(`Whether ${clientName(survivor)}, as the surviving trustor, receives all benefits is not answered: this follows ${name}'s beneficiaries.`);
    }
    const failed = tiers.filter((t) => t.state === 'failed').map((t) => t.tier);
    const because = failed.length ? ` (every ${failed.join(' and ')} beneficiary predeceased)` : '';
    const summary = takingTier
      ? `${name}'s estate passes to ${TIER_PHRASE[takingTier]}${because}.`
      : `No beneficiary ${name} named survives: ${name}'s estate passes as state law provides.`;
    return { ...base, state: 'to-beneficiaries', summary, receipts, tiers, trustee, notes };
  });

  return { scenario, estates, guardians: guardiansOf(view, deaths.clients, deadPeople, now) };
}
