import fs from 'node:fs';
import path from 'node:path';

/*
 * One process at a time opens an embedded database folder. PostgreSQL guards its data folder with
 * postmaster.pid, but PGlite writes a fixed placeholder there (-42), so nothing stopped a second server, or
 * a seed script beside a running server, from opening the same folder: each keeps its own buffers and
 * write-ahead log over the same files, and the folder is corrupt afterwards (seen here: the next start
 * failed with PGlite's "Aborted()" on its first statement). The lock is a file holding the owner's process
 * id, created exclusively beside the folder; a file whose process is gone (killed, crashed) is stale and taken over.
 */

/** Beside the folder, not in it: PGlite initialises an empty folder, and a copy of the folder takes no lock along. */
const lockFileOf = (dir: string) => path.join(path.dirname(dir), `${path.basename(dir)}.lock`);

/** The folder is open in another live process. */
export class EmbeddedFolderInUseError extends Error {
  constructor(dir: string, owner: number) {
    super(
      `The embedded database in ${dir} is open in another process (pid ${owner}). Stop that process first, or give this one ` +
        `another folder (PGLITE_DATA_DIR). If no such process runs, delete ${lockFileOf(dir)}.`,
    );
    this.name = 'EmbeddedFolderInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the folder for this process, or throws EmbeddedFolderInUseError. Answers the release (idempotent;
 * also run when the process exits normally). This process's own earlier lock (a client that never closed)
 * is taken over, as a dead process's is.
 */
export function lockEmbeddedFolder(dir: string): () => void {
  const file = lockFileOf(dir);
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      const owner = ownerOf(file);
      if (owner !== null && owner !== process.pid && alive(owner)) throw new EmbeddedFolderInUseError(dir, owner);
      fs.rmSync(file, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (ownerOf(file) === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
