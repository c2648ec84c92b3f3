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

/**
 * CPU time (ms, to the nanosecond) used so far by the tree under pid: the sum over every thread of the time
 * the scheduler ran it (/proc/<pid>/task/<tid>/schedstat, first field). The clock ticks of /proc/<pid>/stat
 * are 10 ms, too coarse for a window of a few renders; where the kernel keeps no schedstat (the file is
 * missing or reads zero), the ticks are used instead. A thread on a core when read has its current slice
 * added only when it leaves it: that time falls into the next reading, so a sum over windows loses nothing.
 * A thread that ends between two readings takes its time with it (the server's threads live as long as it).
 */
export function preciseCpuMsOfTree(pid) {
  let total = 0;
  for (const task of threadsOfTree(pid)) {
    try {
      total += Number(fs.readFileSync(`${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {}
  }
  return total > 0 ? total / 1e6 : cpuMsOfTree(pid);
}

/** The /proc folder of every thread of every process in the tree under pid. */
function threadsOfTree(pid) {
  return processTree(pid).flatMap((id) => {
    try {
      return fs.readdirSync(`/proc/${id}/task`).map((task) => `/proc/${id}/task/${task}`);
    } catch {
      return [];
    }
  });
}

/**
 * CPU time (ms) used so far by each kind of thread of the tree under pid, summed by the thread's name
 * (/proc/<pid>/task/<tid>/comm; utime + stime in clock ticks): Node's main thread (`MainThread`), V8's
 * helpers (`V8Worker`: concurrent marking, parallel scavenging, sweeping, background compilation), the
 * embedded database's thread (`WorkerThread`), libuv's pool. Says which thread a difference in CPU is in.
 */
export function cpuMsByThread(pid) {
  const byName = {};
  for (const task of threadsOfTree(pid)) {
    try {
      const name = fs.readFileSync(`${task}/comm`, 'utf8').trim();
      const fields = fs.readFileSync(`${task}/stat`, 'utf8').split(') ')[1].split(' ');
      byName[name] = (byName[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {}
  }
  return byName;
}
