'use client';

import { deleteTrusteeAction, upsertTrusteeAction } from '@/lib/actions/intake';
import { linkCandidates } from '@/lib/intake/people';
import type { TrusteeView } from '@/lib/intake/types';
import { upsertTrusteeSchema } from '@/lib/validation/intake';
import type { UpsertTrusteeForm } from '@/lib/validation/intake';
import { useIntake } from '../intake-context';
import { IntakeSection } from '../page/intake-section';
import { IntakeRecordSection } from '../records/intake-record-section';
import { fiduciaryColumns } from '../shared/fiduciary-cells';
import { FiduciaryFields } from '../shared/fiduciary-fields';
import { fiduciaryFormValues, otherOrders } from '../shared/fiduciary-values';
import { HelpButton } from '../shared/help-dialog';
import { nameOf } from '../shared/people';

/** The successor trustees' help dialog. */
export function TrusteesHelp() {
  return (
    <HelpButton title="Successor Trustees">
      <p>
        While you are able, you manage your own trust. A successor trustee takes over when you can no longer do so, and after your death carries out the trust:
        gathers the assets, pays final bills and distributes what is left as the trust directs.
      </p>
      <ul>
        <li>Choose people (or a professional fiduciary) you trust to be organised and fair.</li>
        <li>The serve order says who steps in first; the next in line serves if the one before cannot.</li>
        <li>Married couples may choose the same trustees for both, or separate orders for each spouse.</li>
      </ul>
    </HelpButton>
  );
}

/** Section 5: successor trustees, with their serve order per client and a help dialog. */
export function TrusteesSection() {
  const { view, people, ownerNames } = useIntake();
  const candidates = linkCandidates(people, 'trustee');
  return (
    <IntakeSection section="trustees" tools={<TrusteesHelp />}>
      <IntakeRecordSection
        label="List of successor trustees"
        texts={{ noun: 'Successor Trustee', section: 'Successor Trustees', updated: 'Successor Trustees Updated' }}
        rows={view.trustees}
        rowKey={(t) => t.hash}
        rowLabel={(t) => nameOf(t.person)}
        columns={fiduciaryColumns<TrusteeView>(ownerNames)}
        owner={(t) => t.owner}
        initialSort={{ key: 'order', direction: 'asc' }}
        schema={upsertTrusteeSchema}
        defaults={(t) => fiduciaryFormValues(view, t, view.trustees) as UpsertTrusteeForm}
        save={(values) => upsertTrusteeAction(values)}
        remove={(t) => deleteTrusteeAction({ client_hash: view.client.hash, hash: t.hash, version: t.version })}
        fields={(t) => <FiduciaryFields isNew={t === null} candidates={candidates} adultRole="A successor trustee" {...otherOrders(view.trustees, t)} />}
      />
    </IntakeSection>
  );
}
