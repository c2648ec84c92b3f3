import { isMinor } from '@/lib/format/date';
import type { ClientView, IntakeView } from '@/lib/intake/types';
import { clientName, personName } from './names';
import type { GuardianFlow, TrusteeFlow } from './types';

/*
 * Who acts in a scenario besides the beneficiaries: the trustee of each estate and the guardians of minor
 * children (issue 30). People are matched across lists by their person hash, so a successor trustee or a
 * guardian who is also the predeceased beneficiary is skipped.
 */

/**
 * The trustee of one client's estate: the surviving trustor when the other client lives (a joint trust's
 * survivor carries on), else the first successor trustee in that client's order who is alive.
 */
export function trusteeOf(view: Pick<IntakeView, 'trustees'>, ownerNo: 1 | 2, deadPeople: ReadonlySet<string>, survivor: ClientView | null): TrusteeFlow {
  const ordered = view.trustees
    .map((t) => ({ t, order: ownerNo === 1 ? t.order1 : t.order2 }))
    .filter((x): x is { t: (typeof view.trustees)[number]; order: number } => x.order !== null)
    .sort((a, b) => a.order - b.order);
  const skipped: TrusteeFlow['skipped'] = [];
  let successor: TrusteeFlow['successor'] = null;
  for (const { t, order } of ordered) {
    const ref = { hash: t.hash, name: personName(t.person), order };
    if (!deadPeople.has(t.person.hash)) {
      successor = ref;
      break;
    }
    skipped.push(ref);
  }
  const acting: TrusteeFlow['acting'] = survivor
    ? { hash: survivor.hash, name: personName(survivor.person) || clientName(survivor), role: 'surviving-trustor', order: null }
    : successor && { ...successor, role: 'successor' };
  return { acting, successor, skipped };
}

/**
 * Every minor child alive in the scenario (minor on `now`, lib/format/date.ts) and who would care for them:
 * a parent of theirs among the clients who is alive, else the guardians named who are alive. A child of one
 * client only is not the survivor's child: at that client's death the guardians are named for them.
 */
export function guardiansOf(
  view: Pick<IntakeView, 'client' | 'spouse' | 'children'>,
  deadClients: ReadonlySet<1 | 2>,
  deadPeople: ReadonlySet<string>,
  now: Date | string,
): GuardianFlow[] {
  const flows: GuardianFlow[] = [];
  for (const c of view.children) {
    if (deadPeople.has(c.person.hash) || !isMinor(c.person.dob, now)) continue;
    const child = { hash: c.hash, name: personName(c.person) };
    const parents = [view.client, view.spouse].filter((p): p is ClientView => p !== null && (c.owner === 'both' || c.owner === String(p.ownerNo)));
    const living = parents.filter((p) => !deadClients.has(p.ownerNo));
    if (living.length) {
      flows.push({ child, caredBy: 'parent', names: living.map((p) => personName(p.person) || clientName(p)) });
      continue;
    }
    const guardians = [c.guardian1, c.guardian2].filter((g) => g !== null && !deadPeople.has(g.hash));
    flows.push(guardians.length ? { child, caredBy: 'guardian', names: guardians.map((g) => personName(g)) } : { child, caredBy: 'none-named', names: [] });
  }
  return flows;
}
