import { sql, type SQL } from 'drizzle-orm';

/*
 * "Is this trust submitted?" — one rule, written once, in TypeScript and in SQL (docs/decisions.md, "Kernel
 * and seams: the kernel"): a household's trust is submitted when its latest estate plan (owner 1's, latest
 * by created_at then id, the plan every page shows) records a submission (`submitted_at`), or when either
 * client carries the spec's `is_trust_submitted` flag (set on both by the submission; older data may have
 * the flag without a plan). An older plan's submission does not count: a household working on a new plan
 * (after a completed or canceled one) is not submitted. The intake view and its writes, the submission
 * itself, the dashboard's list and its reminder all ask this rule.
 */

/** What a submission leaves on a household. `owner2Flag` is null for a household of one. */
export type SubmissionFacts = { latestPlanSubmitted: boolean; owner1Flag: boolean; owner2Flag: boolean | null };

/** Whether a household's trust is submitted (the rule above). */
export function isTrustSubmitted(facts: SubmissionFacts): boolean {
  return facts.latestPlanSubmitted || facts.owner1Flag || facts.owner2Flag === true;
}

/** The rule over SQL booleans (null counts as false): for queries that have the facts at hand (the dashboard's list columns). */
export function trustSubmittedSql(facts: { latestPlanSubmitted: SQL; owner1Flag: SQL; owner2Flag: SQL }): SQL<boolean> {
  return sql<boolean>`(coalesce(${facts.latestPlanSubmitted}, false) or coalesce(${facts.owner1Flag}, false) or coalesce(${facts.owner2Flag}, false))`;
}

/** The rule for the household whose owners are `owner1Id` and `owner2Id` (SQL expressions; owner 2 may be null). */
export function householdSubmittedSql(owner1Id: SQL, owner2Id: SQL): SQL<boolean> {
  return trustSubmittedSql({
    latestPlanSubmitted: sql`(select sp.submitted_at is not null from estate_plans sp where sp.client_id = ${owner1Id} order by sp.created_at desc, sp.id desc limit 1)`,
    owner1Flag: sql`(select sc.is_trust_submitted from clients sc where sc.id = ${owner1Id})`,
    owner2Flag: sql`(select sc.is_trust_submitted from clients sc where sc.id = ${owner2Id})`,
  });
}
