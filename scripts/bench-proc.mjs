// What the benches read of a running server from Linux's /proc: the process tree under a pid, its resident
// memory and the CPU time it has used. Shared by the memory, CPU-per-render and upload parts of `npm run bench`.
import fs from 'node:fs';

/** The process and its descendants (Linux /proc), each once. */
export function processTree(pid) {
  const children = (id) => {
    try {
      // Every thread of a process can have children; the main thread's list has them for a Node process.
      return fs
        .readdirSync(`/proc/${id}/task`)
        .flatMap((task) => fs.readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      return [];
    }
  };
  const seen = new Set();
  const walk = (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const c of children(id)) walk(c);
  };
  walk(pid);
  return [...seen];
}

/** Resident memory (bytes) of one process: VmRSS covers all its threads (they share one address space). */
function rssOf(pid) {
  try {
    const kb = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** { tree, processes: [{ pid, name, rss }] } for the tree under pid. */
export function treeRss(pid) {
  const processes = processTree(pid).map((id) => {
    let name = '?';
    try {
      name = fs.readFileSync(`/proc/${id}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(-3).join(' ');
    } catch {}
    return { pid: id, name, rss: rssOf(id) };
  });
  return { tree: processes.reduce((n, p) => n + p.rss, 0), processes };
}

/** CPU time (ms) used so far by the tree under pid, every thread: utime + stime from /proc/<pid>/stat. */
export function cpuMsOfTree(pid) {
  return processTree(pid).reduce((sum, id) => {
    try {
      const fields = fs.readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) * 10; // in 1/100 s
    } catch {
      return sum;
    }
  }, 0);
}
