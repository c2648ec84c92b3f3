import type { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '@/db/schema/enums';

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Who a kind is for: Settings lists a user only the kinds of their role. */
export type Audience = 'client' | 'advisor' | 'legal';

export type KindInfo = {
  /** Its name in Settings and in an unsubscribe confirmation. */
  label: string;
  description: string;
  audience: readonly Audience[];
  /** Security mail: always sent, not listed as a choice, no unsubscribe link. */
  essential: boolean;
};

/**
 * Every kind of notification (issue 29). Shared with the browser (the Settings tab lists them); the events
 * that raise them are in the use cases (lib/estate-plans, lib/files …), through lib/notifications/notify.ts.
 */
export const NOTIFICATION_KIND_INFO: Record<NotificationKind, KindInfo> = {
  'plan-status': {
    label: 'Trust status changes',
    description: 'When the trust moves to a new stage, such as In Client Contact or Complete.',
    audience: ['client', 'advisor'],
    essential: false,
  },
  'document-uploaded': {
    label: 'New documents',
    description: 'When the attorney uploads a document for the household.',
    audience: ['client', 'advisor'],
    essential: false,
  },
  payment: {
    label: 'Payments',
    description: 'When a payment succeeds or fails, and when an eCheck settles or is returned.',
    audience: ['client', 'advisor'],
    essential: false,
  },
  'trust-submitted': {
    label: 'Trusts submitted for review',
    description: 'When a client submits a trust for attorney review.',
    audience: ['legal'],
    essential: false,
  },
  'client-paid': { label: 'Client payments', description: 'When a client pays a trust fee.', audience: ['legal'], essential: false },
  'client-joined': {
    label: 'Clients who join',
    description: 'When a client you invited creates an account.',
    audience: ['advisor'],
    essential: false,
  },
  'invoice-due': { label: 'Invoices due', description: 'When an invoice of yours falls due.', audience: ['advisor'], essential: false },
  // Always sent: a refused automatic payment needs the advisor's action (the use case mails it directly).
  'autopay-failed': {
    label: 'Auto-pay failures',
    description: 'When an automatic payment of an invoice fails. These are always sent.',
    audience: ['advisor'],
    essential: true,
  },
  'intake-reminder': {
    label: 'Reminders',
    description: 'A reminder when your trust questionnaire has been left unfinished.',
    audience: ['client'],
    essential: false,
  },
  'funding-reminder': {
    label: 'Funding reminders',
    description: 'A monthly reminder of the steps left to move your assets into your trust, once your documents are being finalized.',
    audience: ['client'],
    essential: false,
  },
  'advisor-digest': {
    label: 'Weekly summary',
    description: 'Which of your clients moved forward and which stalled this week.',
    audience: ['advisor'],
    essential: false,
  },
  security: {
    label: 'Security',
    description: 'Password and e-mail changes and new sign-ins. These are always sent.',
    audience: ['client', 'advisor', 'legal'],
    essential: true,
  },
};

/** The kinds a user may switch off, for their roles. */
export function choosableKinds(audiences: readonly Audience[]): NotificationKind[] {
  return (Object.keys(NOTIFICATION_KIND_INFO) as NotificationKind[]).filter(
    (kind) => !NOTIFICATION_KIND_INFO[kind].essential && NOTIFICATION_KIND_INFO[kind].audience.some((a) => audiences.includes(a)),
  );
}

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && Object.hasOwn(NOTIFICATION_KIND_INFO, value);
}
