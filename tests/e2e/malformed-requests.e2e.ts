import fs from 'node:fs';
import path from 'node:path';
import { startScratchServer, type ScratchServer } from './helpers/scratch-server';

/*
 * Issue 26 item 7: requests that Next itself answered with a 500 before any of the app's code ran, most of
 * them with an error and its stack in the server's log (a guest could flood it). Sent to the production
 * server (scripts/server.mjs, whose request guard now refuses them first, scripts/request-guard.mjs), on a
 * server and database of its own so its log can be read:
 *   - paths whose percent-encoding does not decode (/join/%ff): 400 { message };
 *   - server action calls whose body React cannot decode (a string, broken JSON, `$` strings that refer to
 *     parts the body does not carry, a path reference to nothing, deep nesting, multipart), over 64 KB, with
 *     an unknown id, or from an Origin Next refuses: a 4xx with a text message, as Next's client reads one;
 *   - a multipart body posted to a page (Next tries it as a no-JavaScript action form): 415 { message }.
 * None leaves an error line or a stack in the log. Argument lists that decode but are not one object of
 * fields ([], [null]) reach the action, which answers its failure shape (400); valid calls still run.
 */

const ACTION_INPUT_MESSAGE = 'The request could not be understood: an action takes one object of fields.';
const BAD_ARGUMENTS = "The request could not be understood: the action's arguments could not be read.";
const BAD_PATH = 'The address could not be understood: its percent-encoding does not decode.';

function actionId(name: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.next/server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string }>;
  };
  const id = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === name)?.[0];
  if (!id) throw new Error(`no server action named ${name} in the build`);
  return id;
}

/** What a request got: its status, type, the not-found marker of Next's action protocol, and its body. */
type Answer = { status: number; type: string; notFound: string | null; text: string };

let server: ScratchServer;
beforeAll(async () => {
  server = await startScratchServer(Number(process.env.E2E_PORT ?? 3100) + 71);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function send(pathname: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${server.url}${pathname}`, { redirect: 'manual', ...init });
  return {
    status: res.status,
    type: (res.headers.get('content-type') ?? '').split(';')[0],
    notFound: res.headers.get('x-nextjs-action-not-found'),
    text: await res.text(),
  };
}

/** A call of the sign-up action (public) from the join page, as the page's browser code sends one. */
function callAction(body: BodyInit, headers: Record<string, string> = {}, id = actionId('createClientAccountAction')) {
  return send('/join', {
    method: 'POST',
    headers: { 'next-action': id, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component', origin: server.url, ...headers },
    body,
  });
}

/** The lines the server logged while `run` ran that name an error or show a stack frame. */
async function errorLinesWhile(run: () => Promise<void>): Promise<string[]> {
  const before = server.log().length;
  await run();
  // Next writes its log after it has answered.
  await new Promise((r) => setTimeout(r, 500));
  return server
    .log()
    .slice(before)
    .split('\n')
    .filter((line) => /error|⨯|^\s+at /i.test(line));
}

const json = (message: string) => ({ type: 'application/json', text: JSON.stringify({ message }) });

describe('requests Next answered with its own 500', () => {
  it('a path whose percent-encoding does not decode: 400 { message } for pages, routes and rewritten paths', async () => {
    const answers: Record<string, unknown> = {};
    const problems = await errorLinesWhile(async () => {
      for (const [method, pathname] of [
        ['GET', '/join/%ff'],
        ['GET', '/join/a%2'],
        ['GET', '/client-info/%E0%A4%A'],
        ['GET', '/api/file/abc/%ff/view/get'],
        ['DELETE', '/api/file/abc/%ff/delete'],
        ['POST', '/api/resendInvite/%ff'],
        ['POST', '/impersonate/%ff'],
      ]) {
        const { status, type, text } = await send(pathname, { method, headers: { origin: server.url } });
        answers[`${method} ${pathname}`] = { status, type, text };
      }
    });
    for (const [call, answer] of Object.entries(answers)) expect({ call, answer }).toEqual({ call, answer: { status: 400, ...json(BAD_PATH) } });
    expect(problems).toEqual([]);
    // The refusal carries the headers every answer of the app carries.
    const headers = (await fetch(`${server.url}/join/%ff`)).headers;
    expect({ nosniff: headers.get('x-content-type-options'), frames: headers.get('x-frame-options') }).toEqual({ nosniff: 'nosniff', frames: 'DENY' });
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    // Decodable addresses still reach the app: a NUL in a route's parameter is its 404 (after the guest's 401 here).
    expect((await send('/join/%00')).status).toBe(200);
    expect((await send('/api/file/abc/%00/view/get')).status).toBe(401);
    expect((await send('/join/abc?invite=%ff')).status).toBe(200);
  }, 60_000);

  it('server action bodies React cannot decode: 400 with the reason as text, the log quiet', async () => {
    const bodies: [string, string][] = [
      ['a string', '"x"'],
      ['broken JSON', '{"first_name":'],
      ['an object, not a list', '{"first_name":"x"}'],
      ['a form field reference', '["$F1"]'],
      ['a Map reference', '[{"first_name":"$Q2"}]'],
      ['a server function reference', '["$h1"]'],
      ['a promise reference', '[{"first_name":"$@3"}]'],
      ['a lone $', '["$"]'],
      ['a path to nothing', '[{"a":{},"b":"$0:0:zz"}]'],
      ['a bigint', `[{"first_name":"$n${'9'.repeat(400)}"}]`],
      ['30,000 nested lists', `${'['.repeat(30_000)}${']'.repeat(30_000)}`],
    ];
    const answers: Record<string, Answer> = {};
    const problems = await errorLinesWhile(async () => {
      for (const [what, body] of bodies) answers[what] = await callAction(body);
    });
    for (const [what] of bodies) {
      expect({ what, answer: answers[what] }).toEqual({ what, answer: { status: 400, type: 'text/plain', notFound: null, text: BAD_ARGUMENTS } });
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('server action calls that are too large, multipart, of an unknown action or from a foreign Origin: a 4xx, the log quiet', async () => {
    const answers: Record<string, Answer> = {};
    const problems = await errorLinesWhile(async () => {
      answers.tooLarge = await callAction(JSON.stringify([{ first_name: 'x'.repeat(70_000) }]));
      answers.multipart = await callAction('--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]\r\n--x--\r\n', {
        'content-type': 'multipart/form-data; boundary=x',
      });
      answers.garbledMultipart = await callAction('garbage', { 'content-type': 'multipart/form-data; boundary=x' });
      answers.unknownId = await callAction('[{}]', {}, `7f${'0'.repeat(40)}`);
      answers.malformedId = await callAction('[{}]', {}, 'deadbeef');
      answers.otherPort = await callAction('[{}]', { origin: 'http://127.0.0.1:1' });
      answers.nullOrigin = await callAction('[{}]', { origin: 'null' });
      answers.originNoUrl = await callAction('[{}]', { origin: 'garbage' });
    });
    expect(answers).toEqual({
      tooLarge: { status: 413, type: 'text/plain', notFound: null, text: 'The request is too large (at most 64 KB).' },
      multipart: { status: 415, type: 'text/plain', notFound: null, text: BAD_ARGUMENTS },
      garbledMultipart: { status: 415, type: 'text/plain', notFound: null, text: BAD_ARGUMENTS },
      // Next's own answer to an id it does not know; its client reads the marker and reports the action missing.
      unknownId: { status: 409, type: 'text/plain', notFound: '1', text: 'Server Action unavailable.' },
      malformedId: { status: 400, type: 'text/plain', notFound: '1', text: 'Invalid Server Action request.' },
      otherPort: { status: 403, type: 'text/plain', notFound: null, text: 'This request came from another site and was refused.' },
      nullOrigin: { status: 403, type: 'text/plain', notFound: null, text: 'This request came from another site and was refused.' },
      originNoUrl: { status: 403, type: 'text/plain', notFound: null, text: 'This request came from another site and was refused.' },
    });
    expect(problems).toEqual([]);
  }, 60_000);

  it('a multipart body posted to a page: 415 { message }; the form posts and the routes keep their own answers', async () => {
    const multipart = (body: string) => ({ method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', origin: server.url }, body });
    const answers: Record<string, unknown> = {};
    const problems = await errorLinesWhile(async () => {
      for (const pathname of ['/join', '/trust', '/client-info/abc']) {
        const { status, type, text } = await send(pathname, multipart('garbage'));
        answers[pathname] = { status, type, text };
      }
      answers['/join, well formed'] = await send('/join', multipart('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n')).then(
        ({ status, type, text }) => ({ status, type, text }),
      );
    });
    for (const [call, answer] of Object.entries(answers)) {
      expect({ call, answer }).toEqual({ call, answer: { status: 415, ...json('The request body must be JSON or url-encoded form fields.') } });
    }
    expect(problems).toEqual([]);
    // The login form post is a route's (middleware.ts): it answers every failure with its redirect to the form.
    const login = await send('/login', multipart('garbage'));
    expect({ status: login.status }).toEqual({ status: 303 });
    // A route answers multipart itself (415 here: this one takes no file).
    expect(await send('/api/createClient/', multipart('garbage'))).toMatchObject({ status: 415 });
  }, 60_000);

  it('argument lists that decode but are not one object of fields reach the action: its failure shape (400)', async () => {
    const answers: string[] = [];
    const problems = await errorLinesWhile(async () => {
      for (const body of ['[]', '[null]', '["$undefined"]', '[{"a":1},{"b":2}]', '[[]]']) {
        const answer = await callAction(body);
        expect({ body, status: answer.status }).toEqual({ body, status: 200 });
        answers.push(answer.text);
      }
    });
    for (const text of answers) expect(text).toContain(JSON.stringify({ ok: false, status: 400, message: ACTION_INPUT_MESSAGE }));
    expect(problems).toEqual([]);
  }, 60_000);

  it('what the pages send still goes through: `$$` text, a repeated object (a path reference), a valid sign-up', async () => {
    // A typed '$' is escaped as '$$' and reaches the action's rules as text.
    const dollar = await callAction(JSON.stringify([{ first_name: '$$Pat' }]));
    expect(dollar.status).toBe(200);
    expect(dollar.text).toContain('First name may contain only letters');
    // React writes an object met twice as a reference to the first; the guard lets it through.
    const repeated = await callAction('[{"contact":{"x":1},"again":"$0:0:contact"}]');
    expect(repeated.status).toBe(200);
    expect(repeated.text).toContain('"status":422');
    // The body the guard read is handed on whole: the sign-up runs.
    const signUp = await callAction(
      JSON.stringify([
        {
          first_name: 'Guard',
          middle_name: '',
          last_name: 'Passed',
          suffix: '',
          email: 'guard.passed@e2e.example',
          phone: '5035550100',
          password: 'Sturdy-Pass-42',
          password_confirmation: 'Sturdy-Pass-42',
          advisor_hash: '',
        },
      ]),
    );
    expect(signUp.status).toBe(200);
    expect(signUp.text).toContain('"ok":true');
  }, 60_000);
});
