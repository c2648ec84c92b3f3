import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { db } from '@/db';
import { advisors, clients, persons } from '@/db/schema';
import type { EstatePlanStatus } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import { can } from '@/lib/kernel/policy';
import { openIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { formatSsn } from '@/lib/format/ssn';
import type { RequestContext } from '@/lib/kernel/context';
import { personName } from '@/lib/people/person-name';
import type { IntakeView } from '@/lib/intake/types';
import type { LegacyClientExtras } from './client-answer';
import type { LegacyFile } from './document-shapes';

/*
 * The compatibility routes' answers: the refreshed IntakeView in the spec's shape (client-answer.ts,
 * family-answer.ts and asset-answer.ts), with what the spec's client object holds beyond the view (estate plans, advisor and
 * firms, and for attorneys and admins the full SSNs) read here in one statement for the routes only, so
 * the client-info page's load stays as it is (docs/performance.md).
 */

/**
 * Answers a compatibility call: `shape` maps the refreshed view, as seen from the client the call named,
 * onto the spec's answer (toLegacyLists, toLegacyData, toLegacyClient) with the client objects' extras.
 */
export async function legacyAnswer<T>(
  ctx: RequestContext,
  view: IntakeView,
  addressedHash: string,
  shape: (view: IntakeView, addressedHash: string, extras: LegacyClientExtras) => T,
): Promise<T> {
  return shape(view, addressedHash, await loadLegacyClientExtras(ctx, view));
}

type ExtrasRow = {
  clientHash: string;
  personId: number;
  personHash: string;
  ssnCipher: string | null;
  advisorHash: string | null;
  firms: unknown;
  plans: unknown;
};

/**
 * The household's estate plans, each client's advisor with its firms, and (for 'identifiers.reveal': attorneys
 * and admins) the clients' full SSNs, each revealed one audited as the review's reveal is. The view was
 * loaded through the actor's scope just before, so its client hashes are the household's.
 */
export async function loadLegacyClientExtras(ctx: RequestContext, view: IntakeView): Promise<LegacyClientExtras> {
  const reveal = can(ctx.actor, 'identifiers.reveal');
  const hashes = view.spouse ? [view.client.hash, view.spouse.hash] : [view.client.hash];
  const rows: ExtrasRow[] = await db
    .select({
      clientHash: clients.hash,
      personId: persons.id,
      personHash: persons.hash,
      // The cipher leaves the database only for those who may see the number.
      ssnCipher: reveal ? persons.ssnCipher : sql<string | null>`null`,
      advisorHash: advisors.hash,
      firms: sql<unknown>`(select coalesce(json_agg(json_build_array(f.hash, f.name) order by af.position, af.firm_id), '[]'::json)
        from advisor_firms af join firms f on f.id = af.firm_id where af.advisor_id = ${clients.advisorId})`,
      // Plans hang off the household's owner 1: both clients answer the household's plans, oldest first.
      // Each plan's files come in the same statement, newest first, with their creator's name parts (none: System).
      plans: sql<unknown>`(select coalesce(json_agg(json_build_array(ep.hash, ep.type, ep.status,
          to_char(ep.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          (select coalesce(json_agg(json_build_array(fl.hash, fl.name, to_char(fl.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              fl.created_by_user_id is not null, cp.first_name, cp.middle_name, cp.last_name, cp.suffix) order by fl.created_at desc, fl.id desc), '[]'::json)
            from files fl left join users cu on cu.id = fl.created_by_user_id left join persons cp on cp.id = cu.person_id
            where fl.estate_plan_id = ep.id)) order by ep.created_at, ep.id), '[]'::json)
        from households h join estate_plans ep on ep.client_id = h.owner1_client_id
        where ${clients.id} in (h.owner1_client_id, h.owner2_client_id))`,
    })
    .from(clients)
    .innerJoin(persons, eq(persons.id, clients.personId))
    .leftJoin(advisors, eq(advisors.id, clients.advisorId))
    .where(inArray(clients.hash, hashes));

  type FileTuple = [string, string, string, boolean, string | null, string | null, string | null, string | null];
  const plans = (jsonOf(rows[0]?.plans) as [string, string, string, string, FileTuple[] | null][] | null) ?? [];
  const extras: LegacyClientExtras = {
    estatePlans: plans.map(([hash, type, status, updatedAt, files]) => ({
      hash,
      type,
      status,
      status_full: statusLabel(status as EstatePlanStatus),
      updated_at: updatedAt,
      files: (files ?? []).map(([fileHash, name, createdAt, hasCreator, firstName, middleName, lastName, suffix]) => {
        const file: LegacyFile = { id: fileHash, hash: fileHash, name, updated_at: createdAt };
        if (hasCreator) file.created_by = { person: { name: { full: personName({ firstName, middleName, lastName, suffix }) } } };
        return file;
      }),
    })),
    advisors: Object.fromEntries(
      rows.map((row) => [
        row.clientHash,
        row.advisorHash ? { hash: row.advisorHash, firms: ((jsonOf(row.firms) as [string, string][] | null) ?? []).map(([id, name]) => ({ id, name })) } : null,
      ]),
    ),
  };
  if (reveal) {
    extras.unmaskedSsns = {};
    for (const row of rows) {
      const value = openIdentifier(row.ssnCipher, placeOf(persons.ssnCipher, row.personHash));
      extras.unmaskedSsns[row.personHash] = value ? formatSsn(value) : null;
      if (value) await audit(db, ctx, 'identifier.reveal', { type: 'person', id: row.personId }, { kind: 'person', via: 'legacy answer' });
    }
  }
  return extras;
}

/** A json column as the driver hands it: parsed (pg, PGlite) or, defensively, as text. */
function jsonOf(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? JSON.parse(value) : value;
}
