// The server's memory settings (docs/performance.md, "Memory"): V8's heap limits and the C library's
// allocator thresholds. Imported first by scripts/server.mjs: when the process was started without them, it
// replaces itself (process.execve: same process id, same standard streams, no second process) with
// `node <these flags> <its own arguments>` in an environment that carries the allocator's settings, before
// Next loads.
//
// V8, why: left to itself, V8 sizes the heap for the machine (a 4 GB limit on a 24 GB machine) and lets the
// old generation grow lazily towards it, and the young generation grow to 64 MB semi-spaces: under 50
// connections the server on PostgreSQL reached 600 MB of RSS while its live heap after a full collection
// was about 120 MB. With a 512 MB limit V8 collects before growing and the young generation stays at 32 MB.
// A flag given by the operator (on the command line or in NODE_OPTIONS) wins; SERVER_V8_FLAGS=off starts
// the server without these, and SERVER_V8_FLAGS='--flag=value,--other' replaces them (for V8 flags that
// NODE_OPTIONS refuses, such as --minor-ms: the benches try settings through it).
//
// The allocator, why: glibc's malloc raises its mmap threshold to the size of every large block freed (up to
// 32 MB), so after start-up (PGlite's WebAssembly compiled, Next's chunks read) the blocks that follow come
// out of its arenas instead of their own mappings, and what they free stays resident in the arenas: 85 to
// 115 MB of an idle server's 400 (docs/performance.md, "The C library's share"). A threshold set once keeps it
// at its 128 KB default; naming any of the thresholds fixes them all. The variable is read only when a
// program starts, hence the re-execution; other C libraries (musl, macOS) ignore it. An operator's own
// GLIBC_TUNABLES is kept (its malloc settings win), SERVER_GLIBC_TUNABLES=off starts without ours, and
// SERVER_GLIBC_TUNABLES='name=value:name2=value' replaces them.
//
// Where process.execve is missing (Windows; Node before 22.15), the server runs without either.
const V8_DEFAULTS =
  process.env.SERVER_V8_FLAGS && process.env.SERVER_V8_FLAGS !== 'off'
    ? process.env.SERVER_V8_FLAGS.split(/[\s,]+/).filter(Boolean)
    : ['--max-old-space-size=512', '--max-semi-space-size=16'];

const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].filter(Boolean);
const wantedFlags =
  process.env.SERVER_V8_FLAGS === 'off'
    ? []
    : V8_DEFAULTS.filter((flag) => {
        const name = flag.split('=')[0];
        return !given.some((g) => g === name || g.startsWith(`${name}=`) || g.replaceAll('_', '-').startsWith(`${name}=`));
      });

const TUNABLES_DEFAULTS =
  process.env.SERVER_GLIBC_TUNABLES && process.env.SERVER_GLIBC_TUNABLES !== 'off'
    ? process.env.SERVER_GLIBC_TUNABLES.split(':').filter(Boolean)
    : ['glibc.malloc.trim_threshold=131072'];

/** The C library is glibc (Node's report names its version only then). */
function isGlibc() {
  return process.platform === 'linux' && Boolean(process.report?.getReport?.().header?.glibcVersionRuntime);
}

const givenTunables = (process.env.GLIBC_TUNABLES ?? '').split(':').filter(Boolean);
const wantedTunables =
  process.env.SERVER_GLIBC_TUNABLES === 'off' || !isGlibc()
    ? []
    : TUNABLES_DEFAULTS.filter((tunable) => !givenTunables.some((g) => g.split('=')[0] === tunable.split('=')[0]));

if ((wantedFlags.length > 0 || wantedTunables.length > 0) && typeof process.execve === 'function' && process.platform !== 'win32') {
  const env = { ...process.env, SERVER_V8_FLAGS: 'off', SERVER_GLIBC_TUNABLES: 'off' };
  if (wantedTunables.length > 0) env.GLIBC_TUNABLES = [...givenTunables, ...wantedTunables].join(':');
  process.execve(process.execPath, [process.execPath, ...wantedFlags, ...process.execArgv, ...process.argv.slice(1)], env);
}
