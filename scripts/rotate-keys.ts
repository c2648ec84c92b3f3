// `npm run keys:rotate`: re-encrypts every encrypted value under the first key of APP_ENCRYPTION_KEY (and
// turns v1 envelopes into place-bound v2 ones). Resumable; see docs/operations.md for the whole procedure.
// On the embedded database run it while the server is stopped (PGlite has no cross-process lock).
import { closeDb, db } from '../db';
import { getSecrets } from '../lib/config/secrets';
import { parseKeyring } from '../lib/crypto';
import { formatRotationReport, rotateKeys } from '../lib/crypto-rotation';

async function main() {
  const ring = parseKeyring(getSecrets().APP_ENCRYPTION_KEY);
  const batchSize = Number(process.env.ROTATE_BATCH_SIZE ?? 200);
  console.log(`Re-encrypting under key "${ring.current}" (keys that can decrypt: ${[...ring.keys.keys()].join(', ')}).`);
  let lastColumn = '';
  let done = 0;
  const report = await rotateKeys(db, ring, {
    batchSize,
    onBatch: ({ column, reencrypted }) => {
      if (column !== lastColumn) [lastColumn, done] = [column, 0];
      done += reencrypted;
      if (reencrypted > 0) console.log(`  ${column}: ${done} so far`);
    },
  });
  console.log(formatRotationReport(report));
  if (report.failed > 0) process.exitCode = 1;
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
