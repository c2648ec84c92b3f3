import 'server-only';
import { and, eq } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { notificationPreferences, users } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { PublicContext, RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import type { RoleFlags } from '@/lib/kernel/roles';
import { choosableKinds, NOTIFICATION_KIND_INFO, type Audience, type NotificationKind } from './kinds';
import { readUnsubscribeToken } from './unsubscribe-token';

/** Whether a user receives a kind by e-mail: essential kinds always; others unless switched off. */
export async function emailsKind(q: Queryable, userId: number, kind: NotificationKind): Promise<boolean> {
  if (NOTIFICATION_KIND_INFO[kind].essential) return true;
  const [row] = await q
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind), eq(notificationPreferences.channel, 'email')))
    .limit(1);
  return row?.enabled ?? true;
}

async function storeChoice(q: Queryable, userId: number, kind: NotificationKind, enabled: boolean, now: Date): Promise<void> {
  await q
    .insert(notificationPreferences)
    .values({ userId, kind, channel: 'email', enabled, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind, notificationPreferences.channel],
      set: { enabled, updatedAt: now },
    });
}

/** The audiences of a signed-in actor's roles, for the kinds Settings offers them. */
export function audiencesOf(actor: RoleFlags): Audience[] {
  const audiences: Audience[] = [];
  if (actor.isClient) audiences.push('client');
  if (actor.isAdvisor) audiences.push('advisor');
  if (actor.isLegal) audiences.push('legal');
  return audiences;
}

export type EmailChoice = { kind: NotificationKind; label: string; description: string; enabled: boolean };

/** The Settings tab: each kind the user's roles receive, on or off by e-mail. */
export async function loadEmailChoices(ctx: RequestContext): Promise<EmailChoice[]> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, ctx.actor.userId), eq(notificationPreferences.channel, 'email')));
  const stored = new Map(rows.map((r) => [r.kind, r.enabled]));
  return choosableKinds(audiencesOf(ctx.actor)).map((kind) => ({
    kind,
    label: NOTIFICATION_KIND_INFO[kind].label,
    description: NOTIFICATION_KIND_INFO[kind].description,
    enabled: stored.get(kind) ?? true,
  }));
}

/** Saves the Settings tab: every kind offered, on or off (a kind not offered to the user is refused). */
export async function saveEmailChoices(ctx: RequestContext, input: { email: Partial<Record<NotificationKind, boolean>> }): Promise<EmailChoice[]> {
  // A user's own choices: not made for them by an admin acting as them.
  if (ctx.actor.impersonator) throw new AppError('FORBIDDEN', 'Notification settings are not available while acting as another user.');
  const offered = new Set(choosableKinds(audiencesOf(ctx.actor)));
  const entries = Object.entries(input.email) as [NotificationKind, boolean][];
  const refused = entries.find(([kind]) => !offered.has(kind));
  if (refused) throw new AppError('VALIDATION', 'This notification cannot be changed here.', { [refused[0]]: 'Not offered' });
  await db.transaction(async (tx) => {
    for (const [kind, enabled] of entries) await storeChoice(tx, ctx.actor.userId, kind, enabled, ctx.now);
    await audit(tx, ctx, 'notifications.preferences.update', { type: 'user', id: ctx.actor.userId }, { email: input.email });
  });
  return loadEmailChoices(ctx);
}

/** What an unsubscribe link stands for, to confirm on its page; null when the link is not a valid one. */
export async function describeUnsubscribe(token: unknown): Promise<{ kind: NotificationKind; label: string; email: string } | null> {
  const named = readUnsubscribeToken(token);
  if (!named || NOTIFICATION_KIND_INFO[named.kind].essential) return null;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.hash, named.userHash)).limit(1);
  return user ? { kind: named.kind, label: NOTIFICATION_KIND_INFO[named.kind].label, email: user.email } : null;
}

/**
 * Turns off the kind an unsubscribe link names, for its user only; no sign-in (the signature is the proof).
 * A link this server did not sign, or for an essential kind, is refused (404) and changes nothing.
 */
export async function unsubscribe(ctx: PublicContext, token: unknown): Promise<{ kind: NotificationKind; label: string }> {
  const named = readUnsubscribeToken(token);
  if (!named || NOTIFICATION_KIND_INFO[named.kind].essential) throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid.');
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.hash, named.userHash)).limit(1);
    if (!user) throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid.');
    await storeChoice(tx, user.id, named.kind, false, ctx.now);
    await audit(tx, ctx, 'notifications.unsubscribe', { type: 'user', id: user.id }, { kind: named.kind });
    return { kind: named.kind, label: NOTIFICATION_KIND_INFO[named.kind].label };
  });
}
