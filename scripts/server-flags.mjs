// V8's memory settings for the server (docs/performance.md, "Memory"). Imported first by scripts/server.mjs:
// when the process was started without them, it replaces itself (process.execve: same process id, same
// standard streams, no second process) with `node <these flags> <its own arguments>`, before Next loads.
//
// Why: left to itself, V8 sizes the heap for the machine (a 4 GB limit on a 24 GB machine) and lets the old
// generation grow lazily towards it, and the young generation grow to 64 MB semi-spaces: under 50
// connections the server on PostgreSQL reached 600 MB of RSS while its live heap after a full collection
// was about 120 MB. With a 512 MB limit V8 collects before growing and the young generation stays at 32 MB.
//
// A flag given by the operator (on the command line or in NODE_OPTIONS) wins; SERVER_V8_FLAGS=off starts
// the server without these, and SERVER_V8_FLAGS='--flag=value,--other' replaces them (for V8 flags that
// NODE_OPTIONS refuses, such as --minor-ms: the benches try settings through it). Where process.execve is missing (Windows; Node before 22.15), the server runs
// without them.
const DEFAULTS =
  process.env.SERVER_V8_FLAGS && process.env.SERVER_V8_FLAGS !== 'off'
    ? process.env.SERVER_V8_FLAGS.split(/[\s,]+/).filter(Boolean)
    : ['--max-old-space-size=512', '--max-semi-space-size=16'];

const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].filter(Boolean);
const wanted = DEFAULTS.filter((flag) => {
  const name = flag.split('=')[0];
  return !given.some((g) => g === name || g.startsWith(`${name}=`) || g.replaceAll('_', '-').startsWith(`${name}=`));
});

if (wanted.length > 0 && process.env.SERVER_V8_FLAGS !== 'off' && typeof process.execve === 'function' && process.platform !== 'win32') {
  process.execve(process.execPath, [process.execPath, ...wanted, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    SERVER_V8_FLAGS: 'off',
  });
}
