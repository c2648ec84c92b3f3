import { and, count, eq, inArray, like } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { db } from '@/db';
import * as t from '@/db/schema';
import NotificationsPage from '@/app/(workspace)/notifications/page';
import UnsubscribePage from '@/app/(public)/unsubscribe/page';
import { CallProvider } from '@/components/ui/call-provider';
import { INBOX_PAGE_SIZE, listNotifications, markAllRead, openNotification, UNREAD_CAP, unreadCount } from '@/lib/notifications/inbox';
import { emailsKind, loadEmailChoices, unsubscribe } from '@/lib/notifications/preferences';
import { unsubscribeToken } from '@/lib/notifications/unsubscribe-token';
import { actorOf, ctxOf, guestCtx } from '../helpers/context';
import { makeAdvisor, makeHousehold, makeUser } from '../helpers/factories';
import { redirectOf } from '../helpers/pages';
import { caught } from '../helpers/payment-fixtures';
import { signInAs, signOut } from '../helpers/session';

/*
 * The bell's inbox and the e-mail choices (issue 29), below the pages: keyset paging without gaps, a user's
 * notices are theirs alone, the unread count's cap, and unsubscribe links (a forged one writes nothing; a
 * real one turns off its kind only). Then the two pages rendered as the server renders them.
 */

type Made = Awaited<ReturnType<typeof makeUser>>['user'];

/** `n` notices for a user, oldest first (ids ascending), titled 'Notice 1' … 'Notice n'. */
async function noticesFor(user: Made, n: number, { read = false, tag = 'e' }: { read?: boolean; tag?: string } = {}) {
  const rows = await db
    .insert(t.notifications)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId: user.id,
        kind: 'plan-status',
        eventKey: `${tag}:${user.id}:${i + 1}`,
        title: `Notice ${i + 1}`,
        body: `Body ${i + 1}`,
        link: '/client-info',
        readAt: read ? new Date() : null,
      })),
    )
    .returning({ id: t.notifications.id, hash: t.notifications.hash, title: t.notifications.title });
  return rows;
}

/** A client (a household's owner 1 with a login) and their actor. */
async function client() {
  const { advisor } = await makeAdvisor();
  const { user } = await makeHousehold(advisor.id);
  return { user, actor: await actorOf(user) };
}

// The inbox's Mark all as read refreshes through the router, which a static render has none of.
jest.mock('next/navigation', () => ({ ...jest.requireActual('next/navigation'), useRouter: () => ({ refresh: () => undefined }) }));

beforeEach(() => signOut());

describe('the inbox', () => {
  it('pages newest first by the last hash, with no gaps and no repeats, and stops', async () => {
    const { user } = await makeUser();
    const made = await noticesFor(user, INBOX_PAGE_SIZE * 2 + 5);
    const ctx = ctxOf(await actorOf(user));
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof listNotifications>> = await listNotifications(ctx, before);
      seen.push(...page.items.map((i) => i.hash));
      before = page.next;
      pages += 1;
    } while (before);
    expect(pages).toBe(3);
    expect(seen).toEqual(made.map((m) => m.hash).reverse());
  });

  it("never lists, pages by or opens another user's notice (404, and it stays unread)", async () => {
    const { user: owner } = await makeUser();
    const { user: other } = await makeUser();
    const [mine] = await noticesFor(owner, 1);
    await noticesFor(other, 2, { tag: 'other' });
    const otherCtx = ctxOf(await actorOf(other));
    const listed = await listNotifications(otherCtx);
    expect(listed.items.map((i) => i.title)).toEqual(['Notice 2', 'Notice 1']);
    expect(listed.items.some((i) => i.hash === mine.hash)).toBe(false);
    // Paging 'before' someone else's notice finds nothing (it names no position of the other user's).
    expect((await listNotifications(otherCtx, mine.hash)).items).toEqual([]);
    expect(await caught(openNotification(otherCtx, { hash: mine.hash }))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const [row] = await db.select({ readAt: t.notifications.readAt }).from(t.notifications).where(eq(t.notifications.id, mine.id));
    expect(row.readAt).toBeNull();
    // Mark all read is the actor's own too.
    expect(await markAllRead(otherCtx)).toEqual({ marked: 2 });
    expect(await unreadCount(owner.id)).toBe(1);
  });

  it('opening marks read once (the first time stays), answers a local path, and an impersonating admin marks nothing', async () => {
    const { user } = await makeUser();
    const { user: admin } = await makeUser({ isAdmin: true });
    const [a, b] = await noticesFor(user, 2);
    await db.update(t.notifications).set({ link: 'https://evil.example/steal' }).where(eq(t.notifications.id, b.id));
    const asAdmin = ctxOf(await actorOf(user, admin));
    expect(await openNotification(asAdmin, { hash: a.hash })).toEqual({ link: '/client-info' });
    expect(await unreadCount(user.id)).toBe(2);
    expect(await caught(markAllRead(asAdmin))).toMatchObject({ code: 'FORBIDDEN' });

    const first = new Date('2026-11-01T10:00:00Z');
    const ctx = ctxOf(await actorOf(user), undefined, first);
    expect(await openNotification(ctx, { hash: a.hash })).toEqual({ link: '/client-info' });
    await openNotification({ ...ctx, now: new Date('2026-11-02T10:00:00Z') }, { hash: a.hash });
    const [row] = await db.select({ readAt: t.notifications.readAt }).from(t.notifications).where(eq(t.notifications.id, a.id));
    expect(row.readAt?.toISOString()).toBe(first.toISOString());
    // A link that is not this app's never leaves it.
    expect(await openNotification(ctx, { hash: b.hash })).toEqual({ link: '/dashboard' });
    expect(await unreadCount(user.id)).toBe(0);
  });

  it('counts unread up to one past the cap, so the bell can say 99+', async () => {
    const { user } = await makeUser();
    await noticesFor(user, UNREAD_CAP + 20);
    await noticesFor(user, 3, { read: true, tag: 'read' });
    expect(await unreadCount(user.id)).toBe(UNREAD_CAP + 1);
    const { user: fewer } = await makeUser();
    await noticesFor(fewer, 3);
    await noticesFor(fewer, 2, { read: true, tag: 'read' });
    expect(await unreadCount(fewer.id)).toBe(3);
  });
});

describe('unsubscribe links', () => {
  const auditRows = async (userId: number) =>
    (
      await db
        .select({ n: count() })
        .from(t.auditLog)
        .where(and(like(t.auditLog.action, 'notifications.%'), eq(t.auditLog.targetId, userId)))
    )[0].n;

  it('refuse a forged or mangled token, or one for security mail, and write nothing', async () => {
    const { user } = await client();
    const real = unsubscribeToken(user.hash, 'plan-status');
    const forged = [
      `${user.hash}.plan-status.${'A'.repeat(43)}`,
      `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`,
      // A signature taken from another kind's token.
      `${user.hash}.payment.${real.split('.')[2]}`,
      unsubscribeToken(user.hash, 'security'),
      unsubscribeToken('nobody-by-this-hash', 'plan-status'),
      '',
      'x'.repeat(500),
    ];
    for (const token of forged) {
      expect(await caught(unsubscribe(guestCtx(), token))).toMatchObject({ code: 'NOT_FOUND', message: 'This unsubscribe link is not valid.' });
    }
    const prefs = await db.select().from(t.notificationPreferences).where(eq(t.notificationPreferences.userId, user.id));
    expect(prefs).toEqual([]);
    expect(await auditRows(user.id)).toBe(0);
  });

  it('turn off only the kind the link names, for only its user', async () => {
    const { user, actor } = await client();
    const { user: neighbour } = await client();
    const result = await unsubscribe(guestCtx(), unsubscribeToken(user.hash, 'plan-status'));
    expect(result).toEqual({ kind: 'plan-status', label: 'Trust status changes' });
    const choices = await loadEmailChoices(ctxOf(actor));
    expect(choices.find((c) => c.kind === 'plan-status')?.enabled).toBe(false);
    expect(choices.filter((c) => c.kind !== 'plan-status').every((c) => c.enabled)).toBe(true);
    expect(await emailsKind(db, user.id, 'plan-status')).toBe(false);
    expect(await emailsKind(db, user.id, 'payment')).toBe(true);
    expect(await emailsKind(db, user.id, 'security')).toBe(true);
    expect(await emailsKind(db, neighbour.id, 'plan-status')).toBe(true);
    // A second click is harmless.
    await unsubscribe(guestCtx(), unsubscribeToken(user.hash, 'plan-status'));
    const rows = await db
      .select({ kind: t.notificationPreferences.kind, enabled: t.notificationPreferences.enabled })
      .from(t.notificationPreferences)
      .where(inArray(t.notificationPreferences.userId, [user.id, neighbour.id]));
    expect(rows).toEqual([{ kind: 'plan-status', enabled: false }]);
  });
});

describe('the pages', () => {
  const render = (page: unknown) => renderToStaticMarkup(createElement(CallProvider, null, page as never));

  it('/notifications: guests go to sign in; a user sees their own notices, unread first marked, and Older', async () => {
    expect(await redirectOf(() => NotificationsPage({ searchParams: Promise.resolve({}) }))).toBe('/login?next=%2Fnotifications');
    const { user } = await makeUser();
    await noticesFor(user, INBOX_PAGE_SIZE + 1);
    await signInAs(user);
    const html = render(await NotificationsPage({ searchParams: Promise.resolve({}) }));
    expect(html).toContain('<h1>Notifications</h1>');
    expect(html).toContain(`Notice ${INBOX_PAGE_SIZE + 1}`);
    expect(html).not.toContain('>Notice 1<');
    expect(html).toContain('21 unread notifications.');
    expect(html).toContain('Mark all as read');
    expect(html).toMatch(/href="\/notifications\?before=[^"]+">Older</);
  });

  it('/notifications: an empty inbox says so and what will come', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const html = render(await NotificationsPage({ searchParams: Promise.resolve({}) }));
    expect(html).toContain('You’re all caught up');
    expect(html).toContain('you will see it here');
    expect(html).not.toContain('Mark all as read');
  });

  it('/unsubscribe: asks about a valid link, signed out; says an invalid one is not valid', async () => {
    const { user } = await client();
    const valid = renderToStaticMarkup(await UnsubscribePage({ searchParams: Promise.resolve({ token: unsubscribeToken(user.hash, 'payment') }) }));
    expect(valid).toContain('Stop e-mails about <strong>Payments</strong> to');
    expect(valid).toContain(user.email);
    expect(valid).toContain('Unsubscribe</span></button>');
    const invalid = renderToStaticMarkup(await UnsubscribePage({ searchParams: Promise.resolve({ token: 'nope' }) }));
    expect(invalid).toContain('This unsubscribe link is not valid');
    expect(invalid).not.toContain('<button');
    // Rendering the page changed nothing.
    expect(await emailsKind(db, user.id, 'payment')).toBe(true);
  });
});
