import { sql } from 'drizzle-orm';
import { notes } from '@/db/schema';
import type { NoteView } from '../types';
import { jsonElement, jsonOne } from './json-shape';
import { aliased, as, type ListScope, subquery } from './subqueries';

/** Owner 1's note (intake §15): one row or none. */
const n = aliased(notes, 'n');
const noteShape = { hash: n.hash, version: n.version, body: n.body };

export function noteColumn(scope: ListScope) {
  return subquery(sql`select ${jsonElement(noteShape)} from ${as(n)} where ${n.clientId} = ${scope.owner1Id}`);
}

export function noteView(value: unknown): NoteView {
  const row = jsonOne(value, noteShape);
  return row ? { hash: row.hash, version: row.version, body: row.body ?? '' } : { hash: null, version: null, body: '' };
}
