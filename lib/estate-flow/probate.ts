import type { Big } from 'big.js';
import { formatUsd, toBig } from '@/lib/money';
import type { Owner } from '@/lib/intake/owners';
import type { IntakeView } from '@/lib/intake/types';

/*
 * Probate exposure (issue 30): what stands outside the trust, summed per owner with big.js, and the sentence
 * the page says ("$412,000 would go through probate today"). Whether an asset is in the trust is the caller's
 * to say (the funding tracker's task is done, or the intake says it is owned by the trust): the input is a
 * flat list so that the tracker can feed it as it is.
 */

/** An asset as probate exposure needs it. */
export type ProbateAsset = {
  /** The asset's public hash, when it has one. */
  hash?: string;
  /** How the page names it ('12 Oak Lane, San Jose', 'Chase ••••1234'). */
  label: string;
  owner: Owner;
  /** The stated value as a decimal string ("350000.00"); null when none is stated. */
  value: string | null;
  inTrust: boolean;
};

export type ProbateExposure = {
  /** The stated values of the assets outside the trust, two decimals ("412000.00"). */
  total: string;
  /** The same per owner: the client's ('1'), the spouse's ('2') and those held jointly ('both'). */
  byOwner: Record<Owner, string>;
  /** The assets outside the trust, in the order given. */
  outside: ProbateAsset[];
  /** How many of them state no value (counted, not guessed). */
  unvalued: number;
  /** '$412,000 would go through probate today.' / 'Nothing would go through probate today.' */
  sentence: string;
};

/** '$412,000' for whole dollars, '$1,234.50' otherwise (lib/money.ts's formatter without empty cents). */
export function dollarsText(amount: string): string {
  return formatUsd(amount).replace(/\.00$/, '');
}

/** What would go through probate today: the assets outside the trust and their stated values, per owner. */
export function probateExposure(assets: readonly ProbateAsset[]): ProbateExposure {
  const outside = assets.filter((a) => !a.inTrust);
  const sums: Record<Owner, Big> = { '1': toBig(0), '2': toBig(0), both: toBig(0) };
  for (const a of outside) sums[a.owner] = sums[a.owner].plus(toBig(a.value));
  const total = sums['1'].plus(sums['2']).plus(sums.both).toFixed(2);
  const unvalued = outside.filter((a) => a.value === null || a.value.trim() === '').length;
  const more = unvalued ? ` (and ${unvalued} ${unvalued === 1 ? 'asset' : 'assets'} without a stated value)` : '';
  const sentence = toBig(total).gt(0)
    ? `${dollarsText(total)}${more} would go through probate today.`
    : outside.length
      ? `${outside.length} ${outside.length === 1 ? 'asset' : 'assets'} without a stated value would go through probate today.`
      : 'Nothing would go through probate today.';
  return { total, byOwner: { '1': sums['1'].toFixed(2), '2': sums['2'].toFixed(2), both: sums.both.toFixed(2) }, outside, unvalued, sentence };
}

/** The asset lists of the intake that can be held by the trust (retirement accounts and annuities pass by beneficiary designation). */
export type TrustAssetKind = 'property' | 'company' | 'bank' | 'brokerage';

/**
 * The intake's assets as probate exposure reads them, with `inTrust` answered by the caller per asset.
 * Retirement accounts, annuities and life insurance are left out: they pass to the beneficiaries they name,
 * not through the trust or probate (and are never retitled to the trust).
 */
export function probateAssetsOf(
  view: Pick<IntakeView, 'properties' | 'companies' | 'bankAccounts' | 'brokerageAccounts'>,
  inTrust: (asset: { kind: TrustAssetKind; hash: string }) => boolean,
): ProbateAsset[] {
  const account =
    (kind: 'bank' | 'brokerage') =>
    (a: IntakeView['bankAccounts'][number]): ProbateAsset => ({
      hash: a.hash,
      label: [a.company, a.numberLast4 ? `••••${a.numberLast4}` : ''].filter(Boolean).join(' '),
      owner: a.owner,
      value: a.value,
      inTrust: inTrust({ kind, hash: a.hash }),
    });
  return [
    ...view.properties.map((p) => ({
      hash: p.hash,
      label: [p.address.street, p.address.city].filter(Boolean).join(', '),
      owner: p.owner,
      value: p.address.value,
      inTrust: inTrust({ kind: 'property', hash: p.hash }),
    })),
    // A company's value is not asked in the intake: it counts as an asset without a stated value.
    ...view.companies.map((c) => ({ hash: c.hash, label: c.name, owner: c.owner, value: null, inTrust: inTrust({ kind: 'company', hash: c.hash }) })),
    ...view.bankAccounts.map(account('bank')),
    ...view.brokerageAccounts.map(account('brokerage')),
  ];
}
