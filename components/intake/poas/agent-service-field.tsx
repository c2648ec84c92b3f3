'use client';

import { useFormContext, useWatch } from 'react-hook-form';
import { Fieldset, Radio } from '@/components/ui/field';
import { agentServiceText } from '@/lib/intake/review-texts';
import type { ValuesKey } from '../shared/owner-fields';
import { serviceChoiceOf, serviceOfChoice } from './agent-values';
import type { ServiceChoice } from './agent-values';

const CHOICES: ServiceChoice[] = ['order', 'together', 'independently'];

/**
 * 'Agents Serve' for one client's values: in the order listed, together as co-agents, or together and
 * served independently; the review's words (lib/intake/review-texts.ts). One radio group writes the two
 * stored flags (`<key>.is_collective`, `<key>.is_independent`). The choice is the client's whole list's.
 */
export function AgentServiceField({ valuesKey, hint }: { valuesKey: ValuesKey; hint: string }) {
  const { setValue } = useFormContext();
  const [isCollective, isIndependent] = useWatch({ name: [`${valuesKey}.is_collective`, `${valuesKey}.is_independent`] }) as [boolean | null, boolean | null];
  const current = serviceChoiceOf({ isCollective: Boolean(isCollective), isIndependent: Boolean(isIndependent) });
  const choose = (choice: ServiceChoice) => {
    const service = serviceOfChoice(choice);
    setValue(`${valuesKey}.is_collective`, service.isCollective, { shouldDirty: true });
    setValue(`${valuesKey}.is_independent`, service.isIndependent, { shouldDirty: true });
  };
  return (
    <Fieldset legend="Agents Serve" hint={hint}>
      {CHOICES.map((choice) => (
        <Radio
          key={choice}
          label={agentServiceText(serviceOfChoice(choice))}
          name={`${valuesKey}.service`}
          value={choice}
          checked={current === choice}
          onChange={() => choose(choice)}
        />
      ))}
    </Fieldset>
  );
}
