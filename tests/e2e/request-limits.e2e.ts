import fs from 'node:fs';
import path from 'node:path';
import { startScratchServer } from './helpers/scratch-server';

/*
 * Server actions read at most 64 KB, as the JSON routes do (next.config.mjs), not Next's default 1 MB.
 * Called the way the join form's browser code calls its action (the action's id from the build's
 * manifest): a valid sign-up padded past the limit is refused before it runs and writes nothing; the same
 * sign-up under the limit goes through. On a server and database of its own, so its sign-up does not count
 * against the shared server's sign-up brake.
 */

function actionId(name: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.next/server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string }>;
  };
  const id = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === name)?.[0];
  if (!id) throw new Error(`no server action named ${name} in the build`);
  return id;
}

async function callAction(baseUrl: string, id: string, input: Record<string, unknown>) {
  const res = await fetch(`${baseUrl}/join`, {
    method: 'POST',
    headers: { 'next-action': id, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component', origin: baseUrl },
    body: JSON.stringify([input]),
  });
  return { status: res.status, body: await res.text() };
}

describe('request body limits', () => {
  it('a server action refuses a body over 64 KB before running; the same call under it runs', async () => {
    const id = actionId('createClientAccountAction');
    const server = await startScratchServer(3193);
    try {
      const signUp = {
        first_name: 'Lim',
        middle_name: '',
        last_name: 'Its',
        suffix: '',
        email: 'limits@e2e.example',
        phone: '5035550100',
        password: 'Sturdy-Pass-42',
        password_confirmation: 'Sturdy-Pass-42',
        advisor_hash: '',
      };
      // Unknown keys are dropped by the action's schema, so only the size differs between the two calls.
      const over = await callAction(server.url, id, { ...signUp, padding: 'x'.repeat(70_000) });
      expect(over.status).toBe(500);
      expect(over.body).not.toContain('"ok":true');
      const under = await callAction(server.url, id, { ...signUp, padding: 'x'.repeat(60_000) });
      expect(under.status).toBe(200);
      // Created now, so the refused call wrote nothing (else: 'An account with this email already exists.').
      expect(under.body).toContain('"ok":true');
    } finally {
      await server.stop();
    }
  }, 120_000);
});
