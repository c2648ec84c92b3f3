import type { Tier } from '@/lib/intake/types';

/*
 * What the "what if" estate flow answers (issue 30): plain, serialisable data a server component renders and
 * a test reads. Shares are percentages of one client's estate as decimal strings with two decimals
 * ("33.33"); the shares an estate hands out always total exactly "100.00" (docs/decisions.md, "The estate
 * flow ('what if', issue 30)").
 */

export type ScenarioKind = 'first-death' | 'second-death' | 'death' | 'predeceased';

/** One "what if" the page offers. */
export type Scenario = {
  /** Stable: 'first-death:1', 'first-death:2', 'second-death', 'death' (a single client), 'predeceased:<beneficiary hash>'. */
  id: string;
  kind: ScenarioKind;
  /** 'Pat dies first', 'Both have died', 'Pat dies', 'Avery Rivera dies before Pat and Sam'. */
  label: string;
};

/** The tiers that can receive, in the order an estate falls through them. */
export type ReceivingTier = Exclude<Tier, 'omitted'>;

/** One share of an estate and who receives it. */
export type Receipt = {
  /**
   * beneficiary: a named beneficiary, in their own right or in place of a predeceased one (per stirpes);
   * descendants: a predeceased beneficiary's descendants the intake does not name;
   * survivor: the surviving trustor (the first death, when the survivor receives all benefits);
   * heirs: nobody named survives, the estate passes as state law provides.
   */
  kind: 'beneficiary' | 'descendants' | 'survivor' | 'heirs';
  /** The beneficiary's hash (for descendants: the predeceased beneficiary's), the survivor's client hash, null for heirs. */
  hash: string | null;
  name: string;
  /** The tier the share comes from (null for the survivor and heirs). */
  tier: ReceivingTier | null;
  /** Percent of the estate, two decimals. */
  sharePercent: string;
  /** Why it arrives this way: 'per stirpes, in place of Avery Rivera'; null for an own share. */
  via: string | null;
};

/** A beneficiary on one tier of one estate, and what becomes of their place in this scenario. */
export type TierMember = {
  hash: string;
  name: string;
  relationship: string | null;
  /** The share the intake states for this estate ("50.00"), null when not given. */
  statedPercent: string | null;
  isPerStirpes: boolean;
  /** receives: alive, on the tier that takes; predeceased: died before; not-reached: an earlier tier took the estate. */
  state: 'receives' | 'predeceased' | 'not-reached';
  /** What this member receives in their own right (after any redistribution), null unless `receives`. */
  sharePercent: string | null;
  /** For a predeceased member: where their share goes, in words. */
  passesTo: string | null;
};

export type TierFlow = {
  tier: ReceivingTier;
  /** takes: this tier receives the estate; failed: every member predeceased, it passes on; not-reached: an earlier tier took it. */
  state: 'takes' | 'failed' | 'not-reached';
  members: TierMember[];
};

export type OmittedBeneficiary = { hash: string; name: string; relationship: string | null; reason: string | null };

export type PersonRef = { hash: string; name: string };

/** Who manages one estate in this scenario. */
export type TrusteeFlow = {
  /** The surviving trustor (a couple's first death) or the first successor trustee in order who is alive; null when none is named. */
  acting: (PersonRef & { role: 'surviving-trustor' | 'successor'; order: number | null }) | null;
  /** The first successor trustee in this estate's order who is alive (the same as `acting` when no trustor survives). */
  successor: (PersonRef & { order: number }) | null;
  /** Successor trustees ahead in order who predeceased in this scenario. */
  skipped: (PersonRef & { order: number })[];
};

/** One client's estate in a scenario. */
export type EstateFlow = {
  ownerNo: 1 | 2;
  clientHash: string;
  clientName: string;
  /** living: this client is alive in the scenario (nothing passes); to-survivor: all to the surviving trustor; to-beneficiaries. */
  state: 'living' | 'to-survivor' | 'to-beneficiaries';
  /** One sentence: 'Everything passes to Sam, the surviving trustor.' */
  summary: string;
  /** Who receives what share, in tier order; totals 100.00 unless the client is living (then empty). */
  receipts: Receipt[];
  /** The receiving tiers this client has, tier by tier (empty when living or when all goes to the survivor). */
  tiers: TierFlow[];
  /** Beneficiaries this client omitted: shown with their reason, they receive nothing. */
  omitted: OmittedBeneficiary[];
  trustee: TrusteeFlow | null;
  /** What the reader should know about this estate in this scenario (an unanswered choice, an unknown lineage). */
  notes: string[];
};

/** A minor child of the household in a scenario, and who would care for them. */
export type GuardianFlow = {
  child: PersonRef;
  /** parent: a parent of the child is alive; guardian: the guardians named; none-named: no living guardian is named. */
  caredBy: 'parent' | 'guardian' | 'none-named';
  /** The living parent's or the named guardians' names. */
  names: string[];
};

export type EstateFlowResult = {
  scenario: Scenario;
  /** The client's estate, then the spouse's. */
  estates: EstateFlow[];
  /** Every minor child alive in the scenario. */
  guardians: GuardianFlow[];
};
