import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '@/db';
import type { Household } from '@/lib/kernel/scope';
import type { Owner, OwnedValues, Pivot } from '../owners';

/*
 * What a list section of the intake declares (records/<section>.ts): its table, its pivot table with the
 * per-owner terms, whether it stands on a person (and which contact fields the form sends), its audit
 * noun, and named hooks for the rules that really differ. The engine (records/engine.ts) does the rest.
 */

export type Row = Record<string, unknown>;
export type RecordTable = PgTable & { id: AnyPgColumn; hash: AnyPgColumn; version: AnyPgColumn; updatedAt: AnyPgColumn };

/** What every record save carries (lib/validation/intake.ts, recordBase). */
export type RecordInput = { client_hash: string; hash?: string; version?: number; request_key?: string; owner: Owner };
/** What every record delete carries. */
export type RecordDeleteInput = { client_hash: string; hash: string; version?: number };
/** What a find reads: the record's id and version, and whatever else its section's hooks need. */
export type StoredRecord = { id: number; version: number };

/** The person fields a section's form may send besides the name. */
export type ContactField = 'dob' | 'ssn' | 'phone' | 'email';
export type PersonInput = {
  existing_person_hash?: string;
  person_version?: number;
  first_name: string;
  middle_name: string;
  last_name: string;
  suffix: string;
} & { [K in ContactField]?: string | null };

/** One save as the hooks see it. */
export type SaveStep<I, S> = {
  tx: Tx;
  household: Household;
  input: I;
  /** The record saved over; null for a create. */
  stored: S | null;
  /** The record's public hash: the stored one, or the one a create will have (sealed values are placed by it). */
  hash: string;
  owner: Owner;
  /** The record's person (sections with a person); null otherwise. */
  personId: number | null;
  /** The pivots the form asks for, in the household's numbering. */
  wanted: Pivot<Row>[];
};
export type SavedStep<I, S> = SaveStep<I, S> & { id: number };

export type RecordDef<I extends RecordInput, S extends StoredRecord, D extends RecordDeleteInput> = {
  table: RecordTable;
  /** The columns a find reads (the StoredRecord the hooks get). */
  columns: { [K in keyof S]: AnyPgColumn | SQL };
  /** A find's extra condition (an account of the addressed kind). */
  where?: (input: I | D) => SQL;
  /** The per-owner rows: pivot table, its column naming the record, the terms it carries per owner. */
  pivot: {
    table: PgTable & { clientId: AnyPgColumn };
    record: AnyPgColumn;
    terms: Record<string, AnyPgColumn>;
    /** Only some of a record's pivots belong to this list (an agent's, under one type). */
    scope?: (input: I | D, household: Household) => SQL;
    /** Columns every pivot of this list is inserted with. */
    fixed?: (input: I) => Row;
  };
  /** The form's ownership and per-owner terms, in the form's numbering. */
  owned: (input: I) => OwnedValues<Row>;
  /**
   * The section's person (linked, own or new) with the contact fields the form sends, `when` it has one.
   * `unique`: the same person may not stand twice on the list. `rows`: the person rows a record holds.
   */
  person?: {
    column: AnyPgColumn;
    contact: ContactField[];
    when?: (input: I) => boolean;
    unique: boolean;
    rows?: (stored: S) => (number | null)[];
  };
  /** Audit noun (intake.<noun>.create ...), target type, the idempotency call name, extra audit fields. */
  audit: { noun: string; type: string; once: string; meta?: (input: I | D) => Row };

  /** Before anything is read (a type the household may not have). */
  guard?: (tx: Tx, household: Household, input: I) => Promise<void>;
  /** Replaces the found record (an agent reused under another type); `linked`: its person is a link. */
  existing?: (step: Omit<SaveStep<I, S>, 'personId' | 'hash'>) => Promise<{ stored: S | null; version: number | undefined; linked: boolean }>;
  /** The row's columns to write (the section's own rules). */
  values: (step: SaveStep<I, S>) => Promise<Row> | Row;
  /** Columns only a create writes (the public hash, a kind), with what must exist before the row. */
  insertValues?: (step: SaveStep<I, S>) => Promise<Row> | Row;
  /** After the row is written, before the pivots. */
  afterSave?: (step: SavedStep<I, S>) => Promise<void>;
  /** The pivots to store from the wanted ones and the stored ones (default: the wanted ones). */
  terms?: (step: SavedStep<I, S> & { current: Pivot<Row>[] }) => Promise<Pivot<Row>[]>;
  /** After the pivots are written. */
  afterPivots?: (step: SavedStep<I, S> & { desired: Pivot<Row>[] }) => Promise<void>;

  /** Refuses a delete (a beneficiary who receives a gift ...). */
  beforeDelete?: (tx: Tx, stored: S, input: D, household: Household) => Promise<void>;
  /** Removes the record (default: the row, at the version the form read). */
  remove?: (tx: Tx, stored: S, input: D, household: Household) => Promise<void>;
  /** After the row is removed (its address). */
  afterDelete?: (tx: Tx, stored: S) => Promise<void>;
};

/** Declares a list section (the identity: it types the hooks from the table's input and stored record). */
export function defineRecord<I extends RecordInput, S extends StoredRecord, D extends RecordDeleteInput>(def: RecordDef<I, S, D>): RecordDef<I, S, D> {
  return def;
}
