import { db } from '@/db';
import * as t from '@/db/schema';
import { unsubscribeToken } from '@/lib/notifications/unsubscribe-token';
import { sessionOf, type World } from '../../../helpers/world';
import { every, type Entry, type Expectation, type Prepared } from '.';

// ---- Notifications: the bell (the signed-in user's own notices), the Notifications tab, unsubscribe links ----

/** Signed-in users acting on their own notices and choices: guests 401, an admin acting as someone 403. */
const own: Expectation = { ...every(200), guest: 401, adminImpersonating: 403 };

/** A notice for every user of the world, so each role opens one of its own. */
const withNotices = async (w: World): Promise<Prepared> => {
  const users = Object.values(w.users);
  const rows = await db
    .insert(t.notifications)
    .values(users.map((u) => ({ userId: u.id, kind: 'plan-status', eventKey: 'matrix', title: 'A notice', body: 'Something changed.', link: '/dashboard' })))
    .returning({ userId: t.notifications.userId, hash: t.notifications.hash });
  return { notices: Object.fromEntries(rows.map((r) => [r.userId, r.hash])) };
};

/** The advisor's unsubscribe link for status changes. */
const withUnsubscribe = async (w: World): Promise<Prepared> => ({ unsubscribeToken: unsubscribeToken(w.users.advisor.hash, 'plan-status') });

export const NOTIFICATION_DOORS: Record<string, Entry> = {
  'action lib/actions/notifications.ts#openNotificationAction': {
    permission: 'own',
    prepare: withNotices,
    // Each role opens its own notice (a guest names the advisor's: refused before it is read); an admin
    // acting as the advisor opens the advisor's without marking it read.
    args: (w, role, p) => ({ input: { hash: p.notices![(sessionOf(w, role)?.user ?? w.users.advisor).id] } }),
    expect: { ...every(200), guest: 401 },
  },
  'action lib/actions/notifications.ts#markAllReadAction': { permission: 'own', prepare: withNotices, args: () => ({ input: {} }), expect: own },
  'action lib/actions/notifications.ts#saveEmailChoicesAction': { permission: 'own', args: () => ({ input: { email: {} } }), expect: own },
  // The link's signed token is the permission, whoever (if anyone) is signed in.
  'action lib/actions/notifications.ts#unsubscribeAction': {
    permission: 'public',
    prepare: withUnsubscribe,
    args: (_w, _r, p) => ({ input: { token: p.unsubscribeToken } }),
    expect: every(200),
  },
  'POST /api/notifications/unsubscribe': {
    permission: 'public',
    prepare: withUnsubscribe,
    args: (_w, _r, p) => ({
      path: `/api/notifications/unsubscribe?token=${encodeURIComponent(p.unsubscribeToken!)}`,
      form: { 'List-Unsubscribe': 'One-Click' },
    }),
    expect: every(200),
  },
};
