import type { Big } from 'big.js';
import { toBig } from '@/lib/money';
import type { BeneficiaryTerms, BeneficiaryView, IntakeView } from '@/lib/intake/types';
import { descendantsOf, relationshipOf } from './descendants';
import { beneficiaryName, namesText } from './names';
import { roundToHundred, splitInProportion, total } from './shares';
import type { Receipt, ReceivingTier, TierFlow, TierMember } from './types';

/*
 * One client's estate passing to that client's beneficiaries, tier by tier (docs/decisions.md, "The estate
 * flow ('what if', issue 30)"):
 * - the first tier with someone to receive takes the whole estate: primary, else contingent, else tertiary;
 * - a tier's stated shares are read in proportion to their total (equal parts when none is given), so a
 *   tier the intake still warns about (not 100) is not lost;
 * - a predeceased member with per stirpes leaves their share to their descendants (./descendants.ts);
 *   without it, their share is shared among the tier's living members in proportion to their shares (and,
 *   with no living member, among the per stirpes shares);
 * - a tier with no living member and no per stirpes share fails, and the estate passes to the next tier;
 * - when every tier fails, no named beneficiary takes: the estate passes as state law provides.
 * Shares are exact in big.js until the end, then rounded once so that they total exactly 100.00.
 */

export const TIERS: readonly ReceivingTier[] = ['primary', 'contingent', 'tertiary'];

/** A client's terms for a beneficiary. */
export const termsOf = (b: BeneficiaryView, ownerNo: 1 | 2): BeneficiaryTerms | null => (ownerNo === 1 ? b.terms1 : b.terms2);

type ExactReceipt = Omit<Receipt, 'sharePercent'> & { exact: Big };

export type Distribution = { receipts: Receipt[]; tiers: TierFlow[]; takingTier: ReceivingTier | null };

type Household = Pick<IntakeView, 'children' | 'beneficiaries'>;

/** What one tier does with the estate, once it is the tier that takes it. */
function takeTier(view: Household, ownerNo: 1 | 2, tier: ReceivingTier, members: BeneficiaryView[], isDead: (b: BeneficiaryView) => boolean) {
  const parts = splitInProportion(
    toBig(100),
    members.map((m) => toBig(termsOf(m, ownerNo)?.sharePercent)),
  );
  const dead = members.map(isDead);
  const perStirpes = members.map((m, i) => dead[i]! && termsOf(m, ownerNo)!.isPerStirpes);
  const living = members.map((_, i) => i).filter((i) => !dead[i]);
  const branches = members.map((_, i) => i).filter((i) => perStirpes[i]);
  const lapsed = members.map((_, i) => i).filter((i) => dead[i] && !perStirpes[i]);
  // The shares that lapse are shared by the living members, or, with none alive, by the per stirpes shares.
  const takers = living.length ? living : branches;
  const extra = splitInProportion(
    total(lapsed.map((i) => parts[i]!)),
    takers.map((i) => parts[i]!),
  );
  const final = [...parts];
  takers.forEach((i, k) => (final[i] = parts[i]!.plus(extra[k]!)));

  const exact: ExactReceipt[] = [];
  const passesTo: (string | null)[] = members.map(() => null);
  members.forEach((m, i) => {
    const name = beneficiaryName(m);
    if (!dead[i]) {
      exact.push({ kind: 'beneficiary', hash: m.hash, name, tier, exact: final[i]!, via: null });
      return;
    }
    if (!perStirpes[i]) {
      passesTo[i] = living.length
        ? `Shared among the other ${tier} beneficiaries in proportion to their shares`
        : `Shared among the per stirpes shares of the ${tier} tier`;
      return;
    }
    const via = `per stirpes, in place of ${name}`;
    const descendants = descendantsOf(view, m, ownerNo, isDead);
    if (descendants.state === 'known') {
      const each = splitInProportion(
        final[i]!,
        descendants.people.map(() => toBig(0)),
      );
      descendants.people.forEach((d, k) => exact.push({ kind: 'beneficiary', hash: d.hash, name: beneficiaryName(d), tier, exact: each[k]!, via }));
      passesTo[i] = `To their descendants: ${namesText(descendants.people.map(beneficiaryName))}`;
      return;
    }
    const unnamed = descendants.state === 'none' ? 'not named in the intake' : 'the intake does not say who they are';
    exact.push({ kind: 'descendants', hash: m.hash, name: `${name}'s descendants`, tier, exact: final[i]!, via: `${via} (${unnamed})` });
    passesTo[i] = `To their descendants (${unnamed})`;
  });
  return { exact, dead, passesTo };
}

/** Where one client's estate goes when it passes to that client's beneficiaries, tier by tier. */
export function distribute(view: Household, ownerNo: 1 | 2, isDead: (b: BeneficiaryView) => boolean): Distribution {
  const tiers: TierFlow[] = [];
  const exact: ExactReceipt[] = [];
  let takingTier: ReceivingTier | null = null;
  const member = (m: BeneficiaryView, state: TierMember['state'], passesTo: string | null = null): TierMember => {
    const terms = termsOf(m, ownerNo)!;
    return {
      hash: m.hash,
      name: beneficiaryName(m),
      relationship: relationshipOf(m, ownerNo),
      statedPercent: terms.sharePercent,
      isPerStirpes: terms.isPerStirpes,
      state,
      sharePercent: null,
      passesTo,
    };
  };

  for (const tier of TIERS) {
    const members = view.beneficiaries.filter((b) => termsOf(b, ownerNo)?.tier === tier);
    if (members.length === 0) continue;
    if (takingTier) {
      tiers.push({ tier, state: 'not-reached', members: members.map((m) => member(m, 'not-reached')) });
      continue;
    }
    const fails = members.every((m) => isDead(m) && !termsOf(m, ownerNo)!.isPerStirpes);
    if (fails) {
      const passes = `Every ${tier} beneficiary predeceased: the estate passes to the next tier`;
      tiers.push({ tier, state: 'failed', members: members.map((m) => member(m, 'predeceased', passes)) });
      continue;
    }
    const taken = takeTier(view, ownerNo, tier, members, isDead);
    exact.push(...taken.exact);
    tiers.push({
      tier,
      state: 'takes',
      members: members.map((m, i) => member(m, taken.dead[i] ? 'predeceased' : 'receives', taken.passesTo[i])),
    });
    takingTier = tier;
  }
  if (!takingTier) {
    exact.push({ kind: 'heirs', hash: null, name: 'Heirs under state law', tier: null, exact: toBig(100), via: 'no named beneficiary survives' });
  }

  const rounded = roundToHundred(exact.map((r) => r.exact));
  const receipts: Receipt[] = exact.map((r, i) => ({ kind: r.kind, hash: r.hash, name: r.name, tier: r.tier, sharePercent: rounded[i]!, via: r.via }));
  // A living member's own share, as rounded in the receipts.
  for (const flow of tiers) {
    for (const m of flow.members) {
      if (m.state !== 'receives') continue;
      m.sharePercent = receipts.find((r) => r.hash === m.hash && r.tier === flow.tier && r.via === null)?.sharePercent ?? null;
    }
  }
  return { receipts, tiers, takingTier };
}
