import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * The production server's request guard (scripts/request-guard.mjs, issue 26 item 7) decides from the
 * request alone what Next would answer with its own 500. Plain ESM for scripts/server.mjs; Jest here runs
 * CommonJS without a transform for .mjs, so the module is evaluated by a child Node process and its answers
 * compared here. Its effect on a running server is in tests/e2e/malformed-requests.e2e.ts.
 */

const moduleUrl = pathToFileURL(path.resolve(__dirname, '../../../scripts/request-guard.mjs')).href;
type Name = 'isDecodablePath' | 'isDecodableActionBody' | 'isForeignActionOrigin';

/** Calls one of the module's checks on each argument in a child process and returns the answers, in order. */
function each(name: Name, args: unknown[]): unknown[] {
  const script = `const m = await import(${JSON.stringify(moduleUrl)});
process.stdout.write(JSON.stringify(${JSON.stringify(args)}.map((arg) => m[${JSON.stringify(name)}](arg))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as unknown[];
}

/** Each case's argument with the module's answer, to compare with `expected` (the argument with the answer it should get). */
function table(name: Name, cases: [unknown, boolean][]) {
  const args = cases.map(([arg]) => arg);
  const answers = each(name, args);
  return args.map((arg, i) => ({ arg, answer: answers[i] }));
}
const expected = (cases: [unknown, boolean][]) => cases.map(([arg, answer]) => ({ arg, answer }));

describe('request guard', () => {
  it('a path decodes when every segment does; the query string is not its concern', () => {
    const cases: [string, boolean][] = [
      ['/join/uA2jvo0_O0M5FuCVHFI0_A', true],
      ['/join/%C3%A9t%C3%A9', true],
      ['/api/file/abc/%00/view/get', true],
      ['/join/abc?invite=%ff', true],
      ['/', true],
      ['/join/%ff', false],
      ['/join/a%2', false],
      ['/join/%', false],
      ['/client-info/%E0%A4%A', false],
      ['/%ff/ok', false],
    ];
    expect(table('isDecodablePath', cases)).toEqual(expected(cases));
  });

  it('an action body decodes when it is a JSON list whose `$` strings React resolves without other parts', () => {
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const cases: [string, boolean][] = [
      ['[{"first_name":"Pat","tags":["a",1,true,null]}]', true],
      ['[]', true],
      ['[null]', true],
      // How React's client writes text starting with $, undefined, and the numbers JSON lacks.
      ['[{"a":"$$x","b":"$$","c":"$undefined","d":"$NaN","e":"$Infinity","f":"$-Infinity","g":"$-0"}]', true],
      // An object met twice: a path from the argument list (part 0) to an object, even an enclosing one.
      ['[{"a":{"x":1},"b":"$0:0:a"}]', true],
      ['[{"a":"$0:0"}]', true],
      [deep(32), true],
      [deep(33), false],
      ['"x"', false],
      ['{"a":1}', false],
      ['[1', false],
      ['', false],
      ['["$"]', false],
      ['["$F1"]', false],
      ['[{"a":"$Q2"}]', false],
      ['[{"a":"$W2"}]', false],
      ['["$h1"]', false],
      ['[{"a":"$@0"}]', false],
      ['[{"a":"$K1"}]', false],
      ['[{"a":"$T"}]', false],
      ['[{"a":"$D2020-01-01T00:00:00.000Z"}]', false],
      ['[{"a":"$n12"}]', false],
      ['[{"a":"$B1"}]', false],
      ['[{"a":"$undefinedx"}]', false],
      ['[{"a":"$1"}]', false],
      ['[{"a":{"x":1},"b":"$0:0:zz"}]', false],
      ['[{"a":"text","b":"$0:0:a"}]', false],
      ['[{"a":{"x":1},"b":"$0:0:a:x"}]', false],
    ];
    expect(table('isDecodableActionBody', cases)).toEqual(expected(cases));
  });

  it("an action's Origin is foreign, as Next judges it, when its host is not the forwarded host or the Host", () => {
    const host = { host: 'app.example:3000' };
    const cases: [Record<string, string>, boolean][] = [
      [{ ...host, origin: 'http://app.example:3000' }, false],
      [{ ...host, origin: 'https://app.example:3000' }, false],
      [host, false],
      [{ ...host, origin: 'http://app.example:8899' }, true],
      [{ ...host, origin: 'http://evil.example' }, true],
      [{ ...host, origin: 'null' }, true],
      [{ ...host, origin: 'garbage' }, true],
      // Behind a proxy Next compares with the first X-Forwarded-Host.
      [{ host: 'internal:3000', 'x-forwarded-host': 'app.example, proxy', origin: 'https://app.example' }, false],
      [{ host: 'app.example', 'x-forwarded-host': 'other.example', origin: 'https://app.example' }, true],
    ];
    expect(table('isForeignActionOrigin', cases)).toEqual(expected(cases));
  });
});
