import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import DashboardPage from '@/app/(workspace)/dashboard/page';
import { CallProvider } from '@/components/ui/call-provider';
import { db, recordQueries } from '@/db';
import * as t from '@/db/schema';
import { loadDashboard } from '@/lib/advisors/dashboard';
import { DEFAULT_LIST_STATE } from '@/lib/advisors/rules';
import { COMPLETION_RULES_VERSION } from '@/lib/intake/completion';
import { refreshStaleCompletions } from '@/lib/intake/completion-cache';
import { refreshCompletionJob } from '@/lib/intake/jobs/refresh-completion';
import { loadIntake } from '@/lib/intake/load';
import { updatePersonalInfo } from '@/lib/intake/update-personal-info';
import { upsertChild } from '@/lib/intake/records';
import { systemContext } from '@/lib/kernel/system-context';
import { updatePersonalInfoSchema, upsertChildSchema } from '@/lib/validation/intake';
import { actorOf, ctxOf } from '../helpers/context';
import { resetDatabase } from '../helpers/db';
import { makeHousehold } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';
import { makeCouple, type Couple } from './helpers/intake';

/*
 * No page writes while rendering a GET (issue 19): the dashboard's completion figures are stored by the
 * intake writes (in their transaction) and by the refresh job, never by the render, and they stay right.
 */

/** Statements that change data: INSERT, UPDATE, DELETE, MERGE, TRUNCATE, also inside a WITH. */
const WRITE = /(^|\(|\s)(insert\s+into|update\s+("?\w+"?\.)?"?\w+"?\s+(as\s+\w+\s+|\w+\s+)?set|delete\s+from|merge\s+into|truncate)\b/i;

async function renderDashboard(params: Record<string, string> = {}) {
  // The page as Next renders it: the server component, then its markup (inside the layout's call provider).
  return recordQueries(async () => renderToStaticMarkup(createElement(CallProvider, null, await DashboardPage({ searchParams: Promise.resolve(params) }))));
}

async function storedFigure(householdId: number) {
  const [row] = await db
    .select({ percent: t.households.completionPercent, at: t.households.completionAt, last: t.households.lastChangeAt, rules: t.households.completionRules })
    .from(t.households)
    .where(eq(t.households.id, householdId));
  return row;
}

let couple: Couple;
beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
  // A second household of the advisor, never written through the intake: its figure is missing.
  await makeHousehold(couple.advisor.advisor.id);
  await signInAs(couple.advisor.user);
});
afterAll(() => signOut());

it('tells a write statement from a read (the test itself is checked)', () => {
  expect(WRITE.test('insert into "audit_log" ("id") values (default)')).toBe(true);
  expect(WRITE.test('update households h set completion_percent = v.percent from (values (1)) v')).toBe(true);
  expect(WRITE.test('update "households" set "reminder_sent_at" = now()')).toBe(true);
  expect(WRITE.test('with expired as (delete from idempotency_keys where true) select 1')).toBe(true);
  expect(WRITE.test('select "id", "updated_at" from "households" where "households"."id" = $1')).toBe(false);
  expect(WRITE.test('select 1 from estate_plans for update')).toBe(false);
});

it('GET /dashboard sends no INSERT, UPDATE or DELETE, with stale figures on the page too', async () => {
  const households = await db.select({ id: t.households.id }).from(t.households);
  for (const h of households) expect((await storedFigure(h.id)).percent).toBeNull();

  const { statements, result: html } = await renderDashboard();
  expect(html).toContain('My Clients');
  expect(statements.length).toBeGreaterThan(0);
  expect(statements.filter((s) => WRITE.test(s))).toEqual([]);
  // The stale figures were computed for the page, and not stored.
  for (const h of households) expect((await storedFigure(h.id)).percent).toBeNull();

  // With the figures stored (the refresh job), still nothing written, and fewer statements.
  expect(await refreshStaleCompletions(systemContext(refreshCompletionJob.name))).toBe(households.length);
  const again = await renderDashboard({ filter: 'incomplete', sort: 'name', q: 'e' });
  expect(again.statements.filter((s) => WRITE.test(s))).toEqual([]);
  const fresh = await renderDashboard();
  expect(fresh.statements.filter((s) => WRITE.test(s))).toEqual([]);
  expect(fresh.count).toBeLessThan(statements.length);
});

it('an intake write stores the figure in its transaction; the dashboard shows it without computing', async () => {
  const shown = async () => {
    const data = await loadDashboard(couple.advisorCtx, DEFAULT_LIST_STATE);
    return data.page.rows.find((r) => r.householdId === couple.household.household.id)!.completionPercent;
  };
  const before = (await loadIntake(couple.advisorCtx, couple.owner1.hash)).completion.percent;
  expect(await shown()).toBe(before);
  await refreshStaleCompletions(systemContext(refreshCompletionJob.name));

  await updatePersonalInfo(
    couple.clientCtx,
    updatePersonalInfoSchema.parse({
      client_hash: couple.owner1.hash,
      version: 1,
      first_name: 'Pat',
      middle_name: '',
      last_name: 'Doe',
      suffix: '',
      phone: '5551234567',
      dob: '01/02/1970',
      ssn: '123-45-6789',
      gender: 'female',
      residence_state: 'CA',
      is_us_citizen: true,
      is_receiving_medicaid: false,
      has_mental_disorder: false,
      wants_life_support: true,
      wants_cremation: false,
      is_organ_donor: true,
    }),
  );
  const afterPersonal = (await loadIntake(couple.advisorCtx, couple.owner1.hash)).completion.percent;
  expect(afterPersonal).toBeGreaterThan(before);
  const stored = await storedFigure(couple.household.household.id);
  expect(stored).toMatchObject({ percent: afterPersonal, rules: COMPLETION_RULES_VERSION });
  expect(stored.at?.getTime()).toBe(stored.last.getTime());

  await upsertChild(
    couple.clientCtx,
    upsertChildSchema.parse({
      client_hash: couple.owner1.hash,
      owner: 'both',
      first_name: 'Kim',
      middle_name: '',
      last_name: 'Doe',
      suffix: '',
      dob: '03/04/2015',
      gender: 'female',
    }),
  );
  const afterChild = (await loadIntake(couple.advisorCtx, couple.owner1.hash)).completion.percent;
  expect((await storedFigure(couple.household.household.id)).percent).toBe(afterChild);
  // The dashboard reads the stored figure: the household's intake is not loaded for it.
  const { statements, result } = await recordQueries(shown);
  expect(result).toBe(afterChild);
  expect(statements.some((s) => s.includes('client_children cc'))).toBe(false);
});

it('the refresh job stores what no write refreshed, once (idempotent), and only for the change it read', async () => {
  const ctx = systemContext(refreshCompletionJob.name);
  expect(await refreshStaleCompletions(ctx, { batch: 1 })).toBe(2);
  expect(await refreshStaleCompletions(ctx)).toBe(0);
  const id = couple.household.household.id;
  const figure = await storedFigure(id);
  expect(figure.percent).toBe((await loadIntake(couple.advisorCtx, couple.owner1.hash)).completion.percent);
  // A figure of other rules is stale again; a refresh brings it back.
  await db
    .update(t.households)
    .set({ completionRules: COMPLETION_RULES_VERSION - 1, completionPercent: 3 })
    .where(eq(t.households.id, id));
  expect(await refreshStaleCompletions(ctx)).toBe(1);
  expect((await storedFigure(id)).percent).toBe(figure.percent);
  // The job is scheduled.
  expect(refreshCompletionJob.cron).toBeTruthy();
  // Nothing the advisor's own view needs was lost on the way.
  expect((await loadIntake(ctxOf(await actorOf(couple.advisor.user)), couple.owner1.hash)).client.hash).toBe(couple.owner1.hash);
});
