import 'server-only';
import { and, asc, count, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@/db';
import { currentPrefix, decrypt, encrypt, isCurrent, type Keyring } from '@/lib/crypto';
import { columnLabel, ENCRYPTED_COLUMNS, placeOf, type EncryptedColumn } from '@/lib/encrypted-columns';
import { rowsOf } from '@/lib/kernel/rows';

export type ColumnRotation = {
  /** `persons.ssn_cipher` */
  column: string;
  /** Values re-encrypted under the current key by this run. */
  reencrypted: number;
  /** Values that were already v2 under the current key when the run reached the column. */
  current: number;
  /** Values the app rewrote between this run's read and its update; left as the app wrote them. */
  changedMeanwhile: number;
  /** Values that could not be decrypted (unknown key, tampered, or not at their place). */
  failed: { rowHash: string; error: string }[];
};

export type RotationReport = { columns: ColumnRotation[]; reencrypted: number; current: number; failed: number };

export type RotationOptions = {
  /** Rows per transaction (default 200). */
  batchSize?: number;
  /** Called after each committed batch; throwing stops the run (what an interruption looks like). */
  onBatch?: (progress: { column: string; rows: number; reencrypted: number }) => void | Promise<void>;
};

/**
 * Re-encrypts every encrypted value that is not yet v2 under the ring's current key (older keys and v1
 * envelopes alike), in batches of one transaction each. Each UPDATE is conditioned on the ciphertext it
 * read, so a value the app writes meanwhile is never overwritten. Resumable: a rerun only reads the values
 * still to do.
 */
export async function rotateKeys(db: Database, ring: Keyring, options: RotationOptions = {}): Promise<RotationReport> {
  const batchSize = options.batchSize ?? 200;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('batchSize must be a positive integer.');
  const columns: ColumnRotation[] = [];
  for (const column of ENCRYPTED_COLUMNS) columns.push(await rotateColumn(db, ring, column, batchSize, options.onBatch));
  return {
    columns,
    reencrypted: columns.reduce((sum, c) => sum + c.reencrypted, 0),
    current: columns.reduce((sum, c) => sum + c.current, 0),
    failed: columns.reduce((sum, c) => sum + c.failed.length, 0),
  };
}

async function rotateColumn(
  db: Database,
  ring: Keyring,
  { table, cipher }: EncryptedColumn,
  batchSize: number,
  onBatch: RotationOptions['onBatch'],
): Promise<ColumnRotation> {
  const prefix = currentPrefix(ring);
  // Plain string comparison, not LIKE: a key id may contain LIKE's wildcards.
  const isUpToDate = sql`left(${cipher}, ${prefix.length}) = ${prefix}`;
  const result: ColumnRotation = { column: columnLabel(cipher), reencrypted: 0, current: 0, changedMeanwhile: 0, failed: [] };
  const [{ n }] = await db
    .select({ n: count() })
    .from(table)
    .where(and(isNotNull(cipher), isUpToDate));
  result.current = n;

  // Keyset pagination by id: rows that fail or changed meanwhile are passed over, so the loop always ends.
  let afterId = 0;
  for (;;) {
    const rows = await db.transaction(async (tx) => {
      const batch = await tx
        .select({ id: table.id, hash: table.hash, cipher })
        .from(table)
        .where(and(isNotNull(cipher), sql`not (${isUpToDate})`, gt(table.id, afterId)))
        .orderBy(asc(table.id))
        .limit(batchSize);
      let reencrypted = 0;
      for (const row of batch) {
        const old = row.cipher!;
        if (isCurrent(old, ring)) continue;
        const place = placeOf(cipher, row.hash);
        let next: string;
        try {
          next = encrypt(decrypt(old, place, ring), place, ring);
        } catch (error) {
          result.failed.push({ rowHash: row.hash, error: error instanceof Error ? error.message : String(error) });
          continue;
        }
        // Raw SQL so updated_at keeps its value: the content did not change.
        const updated = await tx.execute(
          sql`update ${table} set ${sql.identifier(cipher.name)} = ${next} where ${table.id} = ${row.id} and ${cipher} = ${old} returning ${table.id}`,
        );
        if (rowsOf(updated).length === 1) reencrypted++;
        else result.changedMeanwhile++;
      }
      result.reencrypted += reencrypted;
      return { batch, reencrypted };
    });
    if (rows.batch.length === 0) break;
    afterId = rows.batch[rows.batch.length - 1].id;
    await onBatch?.({ column: result.column, rows: rows.batch.length, reencrypted: rows.reencrypted });
    if (rows.batch.length < batchSize) break;
  }
  return result;
}

/** "Re-encrypted N values (persons.ssn_cipher: a, ...); M already current." plus any problems, one per line. */
export function formatRotationReport(report: RotationReport): string {
  const perColumn = report.columns.map((c) => `${c.column}: ${c.reencrypted}`).join(', ');
  const lines = [`Re-encrypted ${report.reencrypted} value${report.reencrypted === 1 ? '' : 's'} (${perColumn}); ${report.current} already current.`];
  const changed = report.columns.reduce((sum, c) => sum + c.changedMeanwhile, 0);
  if (changed > 0) lines.push(`${changed} value${changed === 1 ? '' : 's'} changed while this ran and kept as written; run it again to check them.`);
  for (const c of report.columns) {
    for (const f of c.failed) lines.push(`Could not re-encrypt ${c.column} of row ${f.rowHash}: ${f.error}`);
  }
  if (report.failed > 0)
    lines.push(
      `${report.failed} value${report.failed === 1 ? '' : 's'} could not be decrypted: keep every old key in APP_ENCRYPTION_KEY until this reports none.`,
    );
  return lines.join('\n');
}
