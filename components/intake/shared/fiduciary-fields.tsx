'use client';

import { useState } from 'react';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { LinkCandidate } from '@/lib/intake/types';
import { useIntake } from '../intake-context';
import type { OrderValues } from './fiduciary-values';
import { EMPTY_ORDER } from './fiduciary-values';
import { LinkExisting } from './link-existing';
import type { LinkState } from './link-existing';
import { OwnedValuesFields, OwnerField, SameValuesField } from './owner-fields';
import type { ValuesKey } from './owner-fields';
import { ContactFields, NameFields } from './person-fields';
import type { LockableField } from './person-fields';
import { ServeOrderField } from './serve-order-field';

const FIDUCIARY_PERSON_FIELDS: LockableField[] = ['first_name', 'middle_name', 'last_name', 'suffix', 'phone', 'email'];

type Props = {
  isNew: boolean;
  candidates: readonly LinkCandidate[];
  /** The other records' serve orders of each client. */
  orders1: readonly (number | null)[];
  orders2: readonly (number | null)[];
  /** The noun of the values' group: 'Serve order for Pat'. */
  orderLabel?: string;
  /** Who must be an adult ('A successor trustee'): linking someone under 18 asks first (LinkExisting). */
  adultRole: string;
  /** A client's blank values, for the owner engine (default: a blank order). */
  emptyValues?: object;
  /** More of a client's values after the order (an agent's service), told whose values they are. */
  moreValues?: (key: ValuesKey, who: string) => ReactNode;
  /** The title of a client's values group (default: '<orderLabel> for Pat'). */
  valuesLegend?: (who: string) => string;
};

/**
 * The fields of a successor trustee or an agent: link, name, phone and email, the owner with 'same values',
 * and each owning client's serve order.
 */
export function FiduciaryFields({
  isNew,
  candidates,
  orders1,
  orders2,
  orderLabel = 'Serve Order',
  adultRole,
  emptyValues = EMPTY_ORDER,
  moreValues,
  valuesLegend,
}: Props) {
  const { hasSpouse, ownerNames } = useIntake();
  const asks = isNew && candidates.length > 0;
  const [link, setLink] = useState<LinkState | null>(null);
  const owner = useWatch({ name: 'owner' });
  const same = useWatch({ name: 'same_values' }) !== false;
  const pending = asks && (link?.pending ?? true);

  return (
    <>
      {asks && <LinkExisting candidates={candidates} fields={FIDUCIARY_PERSON_FIELDS} onChange={setLink} adultRole={adultRole} />}
      {!pending && (
        <>
          <NameFields locked={link?.locked} />
          <ContactFields locked={link?.locked} />
          {hasSpouse && (
            <>
              <OwnerField<OrderValues> empty={emptyValues as OrderValues} />
              <SameValuesField />
            </>
          )}
          <OwnedValuesFields legend={valuesLegend ?? ((who) => `${orderLabel} for ${who}`)}>
            {(key) => (
              <>
                <ServeOrderField
                  name={`${key}.order`}
                  label={orderLabel}
                  // Both with the same values: one order for both lists, so the options cover both.
                  orders={owner === 'both' && same ? [...orders1, ...orders2] : key === 'values1' ? orders1 : orders2}
                />
                {moreValues?.(
                  key,
                  hasSpouse && owner === 'both' && same ? `${ownerNames['1']} and ${ownerNames['2']}` : ownerNames[key === 'values1' ? '1' : '2'],
                )}
              </>
            )}
          </OwnedValuesFields>
        </>
      )}
    </>
  );
}
