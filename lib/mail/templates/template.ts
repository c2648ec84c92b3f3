import { resolveBaseUrl, siteConfig } from '@/lib/config/site';
import type { MailSecret } from '../mail-secrets';
import type { MailMessage } from '../send-mail';

/*
 * Every mail the app writes is a template: a function from its parameters to a MailMessage (subject, text
 * and HTML from one content, lib/mail/layout.ts), declared with a name, what it is for and invented sample
 * parameters. The registry (./registry.ts) lists them for the admin's previews beside /outbox and for the
 * snapshot tests; the use cases call the functions.
 */

/** One mail as the registry knows it. */
export type MailTemplate<P extends MailParams> = {
  /** Its address among the previews (/outbox/templates/<name>), kebab-case. */
  name: string;
  /** As the list of templates shows it. */
  title: string;
  /** When it goes, and to whom. */
  description: string;
  /** Invented parameters for its preview and snapshot: never a real user's data. */
  sample: P;
  // A method, so a template of any parameters is a MailTemplate<MailParams> in the registry's list.
  render(params: P): MailMessage;
};

/** What every template's parameters have: the address it goes to. */
export type MailParams = { to: string };

/** Declares a template (the identity, typed: the sample must fit the parameters). */
export function mailTemplate<P extends MailParams>(template: MailTemplate<P>): MailTemplate<P> {
  return template;
}

/** "Hello Nia," with the recipient's name where the use case knows it, else "Hello,". */
export function greeting(name?: string | null): string {
  const trimmed = name?.trim();
  return trimmed ? `Hello ${trimmed},` : 'Hello,';
}

/** An absolute address of a page of the app (read when the mail is written: tests and previews set the origin). */
export function pageUrl(path: string): string {
  return new URL(path, resolveBaseUrl()).toString();
}

/** The last paragraph of the account mails. */
export const SIGN_OFF = `The ${siteConfig.name} team`;

/** The small print of a mail about the account's own credentials, which no setting turns off. */
export const SECURITY_FOOTER = [`This is a security message about your ${siteConfig.name} account; it is always sent.`];

/** A link secret for a preview: it opens nothing, and the preview shows it where the mail would. */
export function sampleLink(url: string): MailSecret {
  return { value: url, kind: 'link', userId: null, ref: 'preview', expiresAt: null };
}

/** Invented names and addresses the previews use (example.com is reserved for examples). */
export const SAMPLE = {
  email: 'nia.okafor@example.com',
  newEmail: 'nia.new@example.com',
  firstName: 'Nia',
  clientName: 'Nia Okafor',
  advisorName: 'Sam Whitfield',
  token: 'sAmPlE-tOkEn-0123456789abcdefghijklmnopqrstuv',
  temporaryPassword: 'Xq7Rt2Mv9Lp4Hs6B',
} as const;
