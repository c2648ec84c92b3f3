import { Button } from '@/components/ui/button';
import { ControlRow, Field, Select } from '@/components/ui/field';
import type { AdvisorSummary } from '@/lib/advisors/dashboard';
import styles from './dashboard.module.css';

/**
 * The advisor selector, shown only when more than one advisor is in the actor's scope (staff working for
 * several advisors, firm supervisors). A GET form: the choice lands in the address like the rest of the list
 * state, and works without JavaScript.
 */
export function AdvisorSelector({ choices, selectedHash }: { choices: AdvisorSummary[]; selectedHash: string | null }) {
  return (
    <form method="get" action="/dashboard" className={styles.selector}>
      <ControlRow>
        <Field label="Advisor" id="advisor-select" inline>
          <Select
            name="advisor"
            defaultValue={selectedHash ?? ''}
            options={choices.map((a) => ({ value: a.hash, label: a.isOwn ? `${a.name} (me)` : a.name }))}
          />
        </Field>
        <Button type="submit" variant="secondary">
          Show clients
        </Button>
      </ControlRow>
    </form>
  );
}
