// Runs in the browser before the app's code (Next's instrumentation-client convention).
//
// zod probes for eval (`Function('')`) whenever it builds an object schema, to compile faster parsers. The
// Content-Security-Policy forbids eval (docs/decisions.md, "HTTP headers"), so every page with a form had
// the probe refused and reported as a violation. zod reads its settings from this global (what
// `z.config({ jitless: true })` writes); setting it here, before zod loads, keeps it from trying, without
// shipping zod to pages that have no form. tests/unit/http/zod-jitless.test.ts checks zod still reads it.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
