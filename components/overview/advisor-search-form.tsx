import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { ControlRow, Field, TextInput } from '@/components/ui/field';
import type { AdvisorListState } from '@/lib/overview/rules';
import { advisorListHref } from './advisor-list-href';
import styles from './overview.module.css';

/** The advisors search: a GET form over the address, keeping the sort and the other lists' parameters. */
export function AdvisorSearchForm({ state, keepParams }: { state: AdvisorListState; keepParams: Record<string, string> }) {
  return (
    <form key={`${state.q}|${state.sort}|${state.dir}`} method="get" action="/dashboard" role="search">
      {Object.entries(keepParams).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state.sort !== 'name' ? <input type="hidden" name="asort" value={state.sort} /> : null}
      {state.dir !== 'asc' ? <input type="hidden" name="adir" value={state.dir} /> : null}
      <ControlRow>
        <Field label="Search advisors" id="advisor-search" inline>
          <TextInput name="aq" type="search" defaultValue={state.q} maxLength={100} autoComplete="off" placeholder="Name, email or firm" />
        </Field>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {state.q ? (
          <Link href={advisorListHref(state, keepParams, { q: '', page: 1 })} className={styles.clear}>
            Clear search
          </Link>
        ) : null}
      </ControlRow>
    </form>
  );
}
