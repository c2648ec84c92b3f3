import 'server-only';
import type { Actor } from '@/lib/kernel/actor';
import { assertCan } from '@/lib/kernel/policy';
import { MAIL_TEMPLATES, findMailTemplate } from './templates/registry';

/** A template as the list of previews shows it. */
export type MailTemplateSummary = { name: string; title: string; description: string; subject: string };

/** A template rendered with its sample parameters, as it would reach a mailbox. */
export type MailPreview = MailTemplateSummary & {
  to: string;
  text: string;
  html: string | null;
  /** What the mail carries that the outbox keeps apart (lib/mail/mail-secrets.ts), or null. */
  secretKind: 'link' | 'password' | null;
  headers: Record<string, string>;
};

/*
 * The admins' previews of the mail templates, beside /outbox and with its permission: each template rendered
 * with its own invented sample parameters (lib/mail/templates), never with a user's data, so a preview shows
 * nothing the outbox would not.
 */

/** Every template, with the subject its sample gives (admins: the outbox's permission). */
export function listMailTemplates(actor: Actor): MailTemplateSummary[] {
  assertCan(actor, 'outbox.read');
  return MAIL_TEMPLATES.map((t) => ({ name: t.name, title: t.title, description: t.description, subject: t.render(t.sample).subject }));
}

/** One template rendered with its sample parameters; null when no template has this name. */
export function previewMailTemplate(actor: Actor, name: string): MailPreview | null {
  assertCan(actor, 'outbox.read');
  const template = findMailTemplate(name);
  if (!template) return null;
  const mail = template.render(template.sample);
  return {
    name: template.name,
    title: template.title,
    description: template.description,
    subject: mail.subject,
    to: mail.to,
    text: mail.text,
    html: mail.html ?? null,
    secretKind: mail.secret?.kind ?? null,
    headers: mail.headers ?? {},
  };
}
