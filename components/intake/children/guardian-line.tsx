import type { ChildView } from '@/lib/intake/types';
import { nameOf } from '../shared/people';
import { defaultGuardians } from './child-values';
import styles from './children.module.css';

/** The line above the children's table: who would be the minors' guardian or conservator (intake §2). */
export function GuardianLine({ childList }: { childList: readonly ChildView[] }) {
  const guardians = defaultGuardians(childList);
  const names = guardians ? [guardians.guardian1, guardians.guardian2].filter(Boolean).map((g) => nameOf(g)) : [];
  return (
    <p className={styles.guardianLine}>
      <span className={styles.guardianLabel}>Minor Guardian / Conservator:</span>{' '}
      {names.length ? names.join(' and ') : <span className={styles.none}>None named</span>}
    </p>
  );
}
