'use client';

import type { PoaType } from '@/lib/intake/types';
import { useIntake } from '../intake-context';
import { IntakeSection } from '../page/intake-section';
import { HelpButton } from '../shared/help-dialog';
import { PoaBlock } from './poa-block';
import styles from './poas.module.css';

/** The types shown: financial only when the client's firm allows it (IntakeView.showsFinancialPoa). */
export function poaTypesShown(showsFinancialPoa: boolean): PoaType[] {
  return showsFinancialPoa ? ['general', 'medical', 'financial'] : ['general', 'medical'];
}

export function PoasHelp({ showsFinancialPoa }: { showsFinancialPoa: boolean }) {
  return (
    <HelpButton title="Durable Powers of Attorney">
      <p>A durable power of attorney names the agents who may act for you if you cannot act yourself. It stays in force if you become incapacitated.</p>
      <ul>
        <li>General: everyday legal and personal matters.</li>
        <li>Medical: health care decisions when you cannot make them.</li>
        {showsFinancialPoa && <li>Financial: banking, investments and other financial matters.</li>}
      </ul>
      <p>The order says who acts first; the next agent in line acts if the one before cannot.</p>
    </HelpButton>
  );
}

/** Section 6: durable powers of attorney, one block per type (general, medical, and financial when shown). */
export function PoasSection() {
  const { view } = useIntake();
  return (
    <IntakeSection section="poas" tools={<PoasHelp showsFinancialPoa={view.showsFinancialPoa} />}>
      <div className={styles.blocks}>
        {poaTypesShown(view.showsFinancialPoa).map((type) => (
          <PoaBlock key={type} type={type} />
        ))}
      </div>
    </IntakeSection>
  );
}
