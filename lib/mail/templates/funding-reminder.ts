import type { MailMessage } from '../send-mail';
import { noticeMail, type NoticeUnsubscribe } from './notice';
import { mailTemplate, pageUrl, SAMPLE } from './template';

/*
 * The monthly funding reminder (issue 30, lib/funding/nudge.ts): how many funding steps are left and the next
 * few, with one button to the household's client-info page (its funding panel). It goes as a notice of kind
 * funding-reminder, so the bell shows the same words and the client's choice and unsubscribe apply: the job
 * stores fundingReminderNotice's title and body on the notice, and the notice's mail (noticeMail) is what
 * this template renders.
 */

/** How many open steps the reminder names; the rest are counted. */
export const FUNDING_REMINDER_LISTED = 3;

/** One open step as the reminder names it: the asset (the task's title) and what to do (its kind's step). */
export type FundingReminderStep = { title: string; action: string };

export type FundingReminderFacts = {
  /** The open steps (neither done nor not needed), in the funding panel's order. */
  open: readonly FundingReminderStep[];
  /** All of the plan's funding steps, open or not. */
  total: number;
};

const steps = (n: number) => `${n} ${n === 1 ? 'step' : 'steps'}`;

/** The notice's words: its title (the mail's subject), body and button. */
export function fundingReminderNotice(facts: FundingReminderFacts): { title: string; body: string; action: string } {
  const left = facts.open.length;
  const listed = facts.open.slice(0, FUNDING_REMINDER_LISTED).map((s) => `• ${s.title}: ${s.action}`);
  const more = left > FUNDING_REMINDER_LISTED ? [`…and ${left - FUNDING_REMINDER_LISTED} more.`] : [];
  const still =
    left < facts.total
      ? `${left} of your trust’s ${facts.total} funding steps ${left === 1 ? 'is' : 'are'} still open.`
      : left === 1
        ? 'Your trust’s funding step is still open.'
        : `All ${left} of your trust’s funding steps are still open.`;
  return {
    title: `${steps(left)} left to fund your living trust`,
    body: [
      `${still} Your trust only avoids probate for what it holds: each asset has to be moved into it (or, for retirement accounts and annuities, name the beneficiaries your plan says).`,
      `Next:\n${[...listed, ...more].join('\n')}`,
      'Mark each step on your trust’s page when it is done, or not needed. These reminders stop when nothing is left.',
    ].join('\n\n'),
    action: 'See your funding steps',
  };
}

/** The reminder's mail to one client: the notice's mail with the words above. */
export function fundingReminderMail(
  p: FundingReminderFacts & { to: string; name?: string | null; url: string; unsubscribe: NoticeUnsubscribe | null },
): MailMessage {
  return noticeMail({ to: p.to, name: p.name, url: p.url, unsubscribe: p.unsubscribe, ...fundingReminderNotice(p) });
}

export const fundingReminderTemplates = [
  mailTemplate({
    name: 'funding-reminder',
    title: 'Funding reminder',
    description:
      'Once a month (FUNDING_NUDGE_INTERVAL_DAYS) to each client of a household whose plan is being finalized or complete and has funding steps open, at most FUNDING_NUDGE_MAX times; sent as a notice (kind Funding reminders).',
    sample: {
      to: SAMPLE.email,
      name: SAMPLE.firstName,
      total: 6,
      open: [
        { title: '12 Elm St, Springfield', action: 'Sign a new deed to the trust and record it with the county' },
        { title: 'First Bank Checking ••••1234', action: 'Retitle the account in the name of the trust' },
        { title: 'Vanguard IRA ••••5678', action: 'Name the beneficiaries your plan says; do not retitle the account' },
        { title: 'Okafor Design LLC', action: 'Assign your interest in the company to the trust' },
      ],
      url: pageUrl('/client-info/sAmPlEhOuSeHoLd#funding'),
      unsubscribe: {
        kindLabel: 'Funding reminders',
        pageUrl: pageUrl('/unsubscribe?token=sAmPlE.funding-reminder.signature'),
        postUrl: pageUrl('/api/notifications/unsubscribe?token=sAmPlE.funding-reminder.signature'),
      },
    },
    render: fundingReminderMail,
  }),
];
