import { eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import ClientInfoPage from '@/app/(workspace)/client-info/page';
import DashboardPage from '@/app/(workspace)/dashboard/page';
import NoAccessPage from '@/app/(workspace)/no-access/page';
import { db } from '@/db';
import * as t from '@/db/schema';
import { makeAdvisor, makeHousehold, makeUser } from '../helpers/factories';
import { redirectOf } from '../helpers/pages';
import { signInAs, signOut } from '../helpers/session';

beforeEach(() => signOut());

describe('a signed-in user with no role', () => {
  it('is sent to the no-access page from both homes, not bounced between them', async () => {
    const { user, client } = await makeHousehold(null);
    // An admin removed the client record: the login still works, but it opens nothing.
    await db.delete(t.clients).where(eq(t.clients.id, client.id));
    await signInAs(user);
    expect(await redirectOf(() => DashboardPage({ searchParams: Promise.resolve({}) }))).toBe('/no-access');
    expect(await redirectOf(() => ClientInfoPage())).toBe('/no-access');
    expect(await redirectOf(() => NoAccessPage())).toBeNull();
    const html = renderToStaticMarkup((await NoAccessPage()) as React.ReactElement);
    expect(html).toContain('Your account has no access');
    expect(html).toContain('mailto:');
    expect(html).toContain('action="/logout"');
  });

  it('users with a role are sent on from the no-access page to their home', async () => {
    const { user } = await makeAdvisor();
    await signInAs(user);
    expect(await redirectOf(() => NoAccessPage())).toBe('/dashboard');
    const client = await makeHousehold(null);
    await signInAs(client.user);
    expect(await redirectOf(() => NoAccessPage())).toBe('/client-info');
    expect(await redirectOf(() => DashboardPage({ searchParams: Promise.resolve({}) }))).toBe('/client-info');
  });

  it('guests are sent to sign in', async () => {
    expect(await redirectOf(() => NoAccessPage())).toBe('/login?next=%2Fno-access');
    const { user } = await makeUser({ isLegal: true });
    await signInAs(user);
    expect(await redirectOf(() => ClientInfoPage())).toBe('/dashboard');
  });
});
