import { emailChangeTemplates } from './email-change';
import { fundingReminderTemplates } from './funding-reminder';
import { inviteTemplates } from './invite';
import { noticeTemplates } from './notice';
import { passwordTemplates } from './password';
import { signUpTemplates } from './sign-up';
import type { MailParams, MailTemplate } from './template';

/*
 * Every mail template the app writes, in the order the previews list them. The billing and payment mails
 * (lib/billing, lib/checkout) still write their own bodies and are not here yet.
 */
export const MAIL_TEMPLATES: readonly MailTemplate<MailParams>[] = [
  ...passwordTemplates,
  ...emailChangeTemplates,
  ...signUpTemplates,
  ...inviteTemplates,
  ...noticeTemplates,
  ...fundingReminderTemplates,
];

/** The template of this name, or null. */
export function findMailTemplate(name: string): MailTemplate<MailParams> | null {
  return MAIL_TEMPLATES.find((t) => t.name === name) ?? null;
}
