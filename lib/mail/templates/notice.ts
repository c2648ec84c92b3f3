import { siteConfig } from '@/lib/config/site';
import { renderMail } from '../layout';
import type { MailMessage } from '../send-mail';
import { greeting, mailTemplate, pageUrl, SAMPLE } from './template';

/*
 * A notification's mail (lib/notifications/send-mail.ts): the notice's title as the subject, its body, a
 * button to the page it names. A non-essential kind carries its one-click unsubscribe (the page's link in the
 * text, the RFC 8058 headers for mail clients); an essential one says it is always sent.
 */

/** The unsubscribe of a non-essential notice: its kind's label and the two addresses (page, one-click POST). */
export type NoticeUnsubscribe = { kindLabel: string; pageUrl: string; postUrl: string };

/** One notice mailed to one user. */
export function noticeMail(p: {
  to: string;
  name?: string | null;
  title: string;
  body: string;
  /** The absolute address of the page the notice names. */
  url: string;
  action?: string | null;
  unsubscribe: NoticeUnsubscribe | null;
}): MailMessage {
  return {
    to: p.to,
    subject: p.title,
    ...renderMail({
      greeting: greeting(p.name),
      // A blank line in a notice's body starts a paragraph of the mail.
      paragraphs: p.body.split(/\n\n+/),
      button: { label: p.action ?? `Open ${siteConfig.name}`, url: p.url },
      footer: p.unsubscribe
        ? [`You receive this because "${p.unsubscribe.kindLabel}" is on in your notification settings.`, `Turn these e-mails off: ${p.unsubscribe.pageUrl}`]
        : [`This is a security message about your ${siteConfig.name} account; it is always sent.`],
    }),
    headers: p.unsubscribe ? { 'List-Unsubscribe': `<${p.unsubscribe.postUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
  };
}

export const noticeTemplates = [
  mailTemplate({
    name: 'notification',
    title: 'Notification',
    description:
      'Every notice of the bell that is mailed (a status change, a document, a payment, the nudges and the weekly digest): its title, body and page; the unsubscribe of its kind.',
    sample: {
      to: SAMPLE.email,
      name: 'Pat',
      title: 'Your trust is now In Client Contact',
      // Its body has two paragraphs here, to show how a blank line in a notice's body reads.
      body: 'The status of your living trust changed from Sent for Review to In Client Contact.\n\nYour attorney will be in touch to go over your documents.',
      url: pageUrl('/client-info/sAmPlEhOuSeHoLd'),
      action: 'View your trust',
      unsubscribe: {
        kindLabel: 'Trust status changes',
        pageUrl: pageUrl('/unsubscribe?token=sAmPlE.status.signature'),
        postUrl: pageUrl('/api/notifications/unsubscribe?token=sAmPlE.status.signature'),
      },
    },
    render: noticeMail,
  }),
];
