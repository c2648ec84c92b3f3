import 'server-only';
import { createHash } from 'node:crypto';
import type { Queryable } from '@/db';
import { siteConfig } from '@/lib/config/site';
import { formatAppDateTimeWithZone } from '@/lib/format/app-time';
import { notify } from '@/lib/notifications';
import { describeBrowser } from './user-agent';

/*
 * Security notices (issue 29, kind 'security': essential, always sent, no unsubscribe). The password and
 * e-mail changes are mailed directly by their use cases (account-mail.ts, password-mail.ts), so their
 * notices are the bell's only (mail: false): one mail each, and the bell keeps the record. A new sign-in is
 * mailed by its notice. Each key names the change once (the session version it made, the change's row).
 */

/** Where a user changes their password (Settings, Credentials). */
export const CHANGE_PASSWORD_LINK = '/settings?tab=credentials';

/** The user's password was changed (Settings, a reset link, an admin's temporary password). `mail`: true where nothing else mails it. */
export async function tellPasswordChanged(q: Queryable, change: { userId: number; key: string; at: Date; byAdmin?: boolean; mail?: boolean }): Promise<void> {
  const when = formatAppDateTimeWithZone(change.at);
  await notify(
    q,
    {
      key: `password-changed:${change.key}`,
      kind: 'security',
      title: change.byAdmin ? 'Your password was reset by an administrator' : 'Your password was changed',
      body: change.byAdmin
        ? `An administrator reset the password of your ${siteConfig.name} account on ${when}. A temporary password was e-mailed to you; it signs in once, to choose a new password.`
        : `The password of your ${siteConfig.name} account was changed on ${when}. Every other browser signed in to it was signed out.\n\nIf you did not change it, reset your password from the sign-in page now.`,
      link: CHANGE_PASSWORD_LINK,
      action: 'Open your settings',
      mail: change.mail ?? false,
    },
    [change.userId],
  );
}

/** The user's sign-in e-mail was changed (by them, confirmed from the new address, or by an admin); the former address was mailed. */
export async function tellEmailChanged(
  q: Queryable,
  change: { userId: number; key: string; at: Date; from: string; to: string; byAdmin?: boolean },
): Promise<void> {
  await notify(
    q,
    {
      key: `email-changed:${change.key}`,
      kind: 'security',
      title: 'Your sign-in e-mail was changed',
      body: `${change.byAdmin ? 'An administrator changed' : 'You changed'} the sign-in e-mail of your ${siteConfig.name} account from ${change.from} to ${change.to} on ${formatAppDateTimeWithZone(change.at)}.`,
      link: CHANGE_PASSWORD_LINK,
      action: 'Open your settings',
      mail: false,
    },
    [change.userId],
  );
}

/**
 * A sign-in from a browser the account had not signed in from (lib/auth/authenticate.ts decides), mailed:
 * when, which browser in plain words, from which address, and the way to change the password. Named by the
 * session it opened (a digest of its id: the id itself stays in the sessions table), so it is told once.
 */
export async function tellNewSignIn(
  q: Queryable,
  signIn: { userId: number; sessionId: string; at: Date; ip: string; userAgent?: string | null; place?: string | null },
): Promise<void> {
  const known = signIn.ip && signIn.ip !== 'unknown' ? `the address ${signIn.ip}` : 'an unknown address';
  const address = signIn.place ? `${known} (near ${signIn.place})` : known;
  await notify(
    q,
    {
      key: `new-sign-in:${createHash('sha256').update(signIn.sessionId).digest('base64url')}`,
      kind: 'security',
      title: 'New sign-in to your account',
      body:
        `Your ${siteConfig.name} account was signed in to on ${formatAppDateTimeWithZone(signIn.at)} from ${describeBrowser(signIn.userAgent)}, at ${address}.\n\n` +
        'If this was you, there is nothing to do. If it was not, change your password now: that signs out every other browser.',
      link: CHANGE_PASSWORD_LINK,
      action: 'Change your password',
    },
    [signIn.userId],
  );
}

/** Where a user manages their second factor and sessions (Settings, Security). */
export const SECURITY_SETTINGS_LINK = '/settings?tab=security';

/**
 * An authenticator app or a passkey was added to, renamed on or removed from the account (issue 31): mailed,
 * and in the bell. `name` is the passkey's, as its owner gave it.
 */
export async function tellSecondFactorChanged(
  q: Queryable,
  change: {
    userId: number;
    key: string;
    at: Date;
    what: 'added' | 'removed' | 'recovery-codes' | 'reset' | 'passkey-added' | 'passkey-renamed' | 'passkey-removed';
    name?: string;
    /** The authenticator app was removed but passkeys remain (they are then the second step). */
    passkeysLeft?: boolean;
  },
): Promise<void> {
  const when = formatAppDateTimeWithZone(change.at);
  const passkey = `the passkey “${change.name ?? ''}”`;
  const texts = {
    added: [
      'An authenticator app was set up for your account',
      `An authenticator app was set up for your ${siteConfig.name} account on ${when}. Signing in now asks for a code from it.`,
    ],
    removed: [
      'The authenticator app was removed from your account',
      `The authenticator app was removed from your ${siteConfig.name} account on ${when}. ${change.passkeysLeft ? 'Signing in with your password now asks for one of your passkeys.' : 'Signing in asks only for your password now.'}`,
    ],
    reset: [
      'An administrator reset your second factor',
      `An administrator removed the authenticator app and passkeys from your ${siteConfig.name} account on ${when}, and every browser signed in to it was signed out. Sign in with your password, then set up an authenticator app or a passkey again in Settings → Security.`,
    ],
    'recovery-codes': [
      'New recovery codes were made for your account',
      `New recovery codes were made for your ${siteConfig.name} account on ${when}. The earlier ones no longer work.`,
    ],
    'passkey-added': [
      'A passkey was added to your account',
      `A passkey was added to your ${siteConfig.name} account on ${when}: ${passkey}. It signs in to your account on its own.`,
    ],
    'passkey-renamed': ['A passkey was renamed', `A passkey of your ${siteConfig.name} account was renamed ${passkey} on ${when}.`],
    'passkey-removed': [
      'A passkey was removed from your account',
      `${passkey.charAt(0).toUpperCase()}${passkey.slice(1)} was removed from your ${siteConfig.name} account on ${when}. It no longer signs in.`,
    ],
  } as const;
  const [title, body] = texts[change.what];
  await notify(
    q,
    {
      key: `second-factor-${change.what}:${change.key}`,
      kind: 'security',
      title,
      body: `${body}\n\nIf this was not you, change your password now and write to ${siteConfig.supportEmail}.`,
      link: SECURITY_SETTINGS_LINK,
      action: 'Open your security settings',
    },
    [change.userId],
  );
}
