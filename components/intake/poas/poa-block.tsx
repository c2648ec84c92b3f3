'use client';

import { deleteAgentAction, upsertAgentAction } from '@/lib/actions/intake';
import { linkCandidates } from '@/lib/intake/people';
import type { AgentView, PoaType } from '@/lib/intake/types';
import { upsertAgentSchema } from '@/lib/validation/intake';
import { useIntake } from '../intake-context';
import { IntakeRecordSection } from '../records/intake-record-section';
import { fiduciaryColumns } from '../shared/fiduciary-cells';
import { FiduciaryFields } from '../shared/fiduciary-fields';
import { otherOrders } from '../shared/fiduciary-values';
import { nameOf } from '../shared/people';
import { SpouseChoices } from '../shared/spouse-choice';
import { AgentServiceField } from './agent-service-field';
import { agentFormValues, EMPTY_AGENT_FORM_VALUES } from './agent-values';
import { POA_TEXTS, poaRecordTexts } from './poa-types';
import styles from './poas.module.css';

/**
 * One power of attorney type: its agents' table and modal, and with a spouse the per-client Yes/No 'spouse
 * is primary agent'. The three blocks are the same configuration with another type.
 */
export function PoaBlock({ type }: { type: PoaType }) {
  const { view, people, ownerNames } = useIntake();
  const { title, choice, matters } = POA_TEXTS[type];
  const agents = view.agents.filter((agent) => agent.type === type);
  const candidates = linkCandidates(people, type);
  const headingId = `poa-${type}-title`;

  return (
    <section aria-labelledby={headingId} className={styles.block}>
      <h3 id={headingId} className={styles.title}>
        {title}
      </h3>
      <SpouseChoices choice={choice} question={(name, spouse) => `Is ${spouse} the primary agent for ${name}'s ${matters} power of attorney?`} />
      <IntakeRecordSection
        label={`${title} Agents`}
        texts={poaRecordTexts(type)}
        rows={agents}
        rowKey={(agent) => agent.hash}
        rowLabel={(agent) => nameOf(agent.person)}
        columns={fiduciaryColumns<AgentView>(ownerNames, 'Order')}
        owner={(agent) => agent.owner}
        initialSort={{ key: 'order', direction: 'asc' }}
        schema={upsertAgentSchema}
        defaults={(agent) => agentFormValues(view, agent, agents, type)}
        save={(values) => upsertAgentAction(values)}
        remove={(agent) => deleteAgentAction({ client_hash: view.client.hash, hash: agent.hash, version: agent.version, type })}
        fields={(agent) => (
          <FiduciaryFields
            isNew={agent === null}
            candidates={candidates}
            orderLabel="Order"
            adultRole={`An agent under a ${matters} power of attorney`}
            emptyValues={EMPTY_AGENT_FORM_VALUES}
            valuesLegend={(who) => `For ${who}`}
            moreValues={(key, who) => (
              <AgentServiceField
                valuesKey={key}
                hint={`Applies to all of ${who}'s ${matters} agents. Co-agents act together; served independently, each may act alone.`}
              />
            )}
            {...otherOrders(agents, agent)}
          />
        )}
      />
    </section>
  );
}
