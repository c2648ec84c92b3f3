import type { Owner } from '@/lib/intake/owners';
import type { IntakeView } from '@/lib/intake/types';

/*
 * Whose point of view an answer takes: the spec's answers number owners from the client the call named
 * (hash_id), so owner 1 is that client and 2 the other spouse, whichever of them is the household's owner 1.
 */

/** 1 when the call named the household's client, 2 when it named the spouse. */
export function perspectiveOf(view: Pick<IntakeView, 'spouse'>, addressedHash: string): 1 | 2 {
  return view.spouse?.hash === addressedHash ? 2 : 1;
}

/** An owner as seen from the named client. */
export const flip = (owner: Owner, perspective: 1 | 2): Owner => (perspective === 1 || owner === 'both' ? owner : owner === '1' ? '2' : '1');
/** The two per-owner values, the named client's first. */
export const pick = <T>(perspective: 1 | 2, one: T, two: T): [T, T] => (perspective === 1 ? [one, two] : [two, one]);

/** The fields every record of an answer starts with: its hash, version and owner as seen from the named client. */
export const recordHead = (item: { hash: string; version: number; owner: Owner }, perspective: 1 | 2) => ({
  hash_id: item.hash,
  version: item.version,
  owner: flip(item.owner, perspective),
});

/** Splits a list into the spec's 1 / 2 / Both lists under a name (beneficiaries1, beneficiaries2, beneficiariesBoth). */
export function byOwnerLists<N extends string, T extends { owner: Owner }>(name: N, items: T[]) {
  return {
    [`${name}1`]: items.filter((i) => i.owner === '1'),
    [`${name}2`]: items.filter((i) => i.owner === '2'),
    [`${name}Both`]: items.filter((i) => i.owner === 'both'),
  } as Record<`${N}1` | `${N}2` | `${N}Both`, T[]>;
}
