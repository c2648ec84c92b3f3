/*
 * One audit row as the household activity views read it (lib/activity/household-activity.ts): who acted and
 * in which role, the admin behind an impersonation, the target, and for a person target that person's name.
 * Pure types, so the wording modules (staff labels, the client's plain words) are tested as tables.
 */

/** The side a user works on, by their role flags: an attorney, an admin, the advisory side, or none (a client). */
export type ActorRole = 'legal' | 'admin' | 'advisory' | 'client';

export type ActivityUser = { userId: number; email: string; name: string; firstName: string; role: ActorRole };

export type ActivityRow = {
  id: number;
  createdAt: Date;
  action: string;
  targetType: string | null;
  targetId: number | null;
  meta: Record<string, unknown> | null;
  /** Who acted (the user acted as, during an impersonation); null for System (a job). */
  actor: ActivityUser | null;
  /** The admin really at the keyboard during an impersonation. */
  impersonator: ActivityUser | null;
  /** A person target's name (an identifier revealed): whose number it was. */
  targetPerson: { id: number; name: string } | null;
  ip: string | null;
};

/** The role a user's flags give, the attorney first (a user may hold several). */
export function roleOf(flags: { isLegal: boolean; isAdmin: boolean; isAdvisory: boolean }): ActorRole {
  if (flags.isLegal) return 'legal';
  if (flags.isAdmin) return 'admin';
  if (flags.isAdvisory) return 'advisory';
  return 'client';
}

/** A meta field as text, or null. */
export function metaText(meta: Record<string, unknown> | null, key: string): string | null {
  const value = meta?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}
