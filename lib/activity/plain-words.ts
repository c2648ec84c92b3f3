import type { EstatePlanStatus } from '@/db/schema';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { amountText, fundingStepWords, INTAKE_NOUNS } from './activity-kinds';
import { metaText, type ActivityRow, type ActivityUser } from './activity-row';

/*
 * A household's activity as its clients read it (issue 29): a whitelist of actions, each with a sentence in
 * plain words, naming who acted relative to the reader ("You", the spouse by first name, "Your advisor",
 * "Your attorney", "An administrator", "An administrator, acting for you,"). Every action not listed here
 * (notes, impersonation mechanics, staff accounts, anything added later) is never shown to a client: the
 * SQL reads only CLIENT_ACTIONS, and plainWords answers null for anything else. Addresses and browsers are
 * never part of a sentence.
 */

/** Who is reading: the client's login and person, and the spouse's, when married. */
export type Viewer = {
  userId: number;
  personId: number;
  spouse: { userId: number | null; personId: number; firstName: string } | null;
};

const INTAKE_VERBS = { create: 'added', update: 'updated', delete: 'removed' } as const;
const INTAKE_FORMS: Record<string, string> = {
  'intake.personalInfo.update': 'updated the personal information',
  'intake.estatePlanInfo.update': 'updated the estate plan information',
  'intake.hasChildren.update': 'answered whether you have children',
  'intake.spouseChoice.update': 'updated the choices about your spouse',
};
const ACCOUNT: Record<string, string> = {
  'settings.name.update': 'changed your name',
  'settings.phone.update': 'changed your phone number',
  'settings.password.update': 'changed your password',
  'settings.email.request': 'asked to change your e-mail address',
  'user.resetPassword': 'reset your password',
};
const STATUS_ACTIONS = ['plan.status.update', 'plan.status.payment', 'plan.submit', 'payment.acknowledge'];
const PAYMENT_ACTIONS = ['payment.succeeded', 'payment.pending', 'payment.returned', 'annual_charge.consent', 'annual_charge.cancel'];
const OTHER_ACTIONS = [
  'identifier.reveal',
  'file.view',
  'file.upload',
  'file.delete',
  'client.reminder',
  'client.create',
  'client.signup',
  'funding.task.update',
];

/** Every action a client may see, exactly (the SQL reads only these). */
export const CLIENT_ACTIONS: readonly string[] = [
  ...OTHER_ACTIONS,
  ...STATUS_ACTIONS,
  ...PAYMENT_ACTIONS,
  ...Object.keys(INTAKE_FORMS),
  ...Object.keys(ACCOUNT),
  ...Object.keys(INTAKE_NOUNS).flatMap((noun) => Object.keys(INTAKE_VERBS).map((verb) => `intake.${noun}.${verb}`)),
];

/** Actions about one login: shown only when that login is the reader's (a spouse's password is theirs). */
export const OWN_ACCOUNT_ACTIONS: readonly string[] = Object.keys(ACCOUNT);

/** A user named from the reader's side, as the object of "acting for …". */
function named(user: ActivityUser, viewer: Viewer): string {
  if (user.userId === viewer.userId) return 'you';
  if (viewer.spouse?.userId === user.userId) return user.firstName || 'your spouse';
  if (user.role === 'legal') return 'your attorney';
  if (user.role === 'admin') return 'an administrator';
  if (user.role === 'advisory') return 'your advisor';
  return user.firstName || 'someone';
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Who acted, as the sentence's subject: "You", "Maria", "Your attorney", "An administrator, acting for you,", "We" for the system. */
export function actorWords(row: Pick<ActivityRow, 'actor' | 'impersonator'>, viewer: Viewer): string {
  if (!row.actor) return 'We';
  if (row.impersonator) return `An administrator, acting for ${named(row.actor, viewer)},`;
  return capital(named(row.actor, viewer));
}

function statusWords(value: string | null): string | null {
  return value ? `“${statusLabel(value as EstatePlanStatus)}”` : null;
}

const CHARGES: Record<string, string> = {
  trust_fee: 'the trust fee',
  setup_charge: 'a card check',
  annual_charge: 'the annual charge',
  auto_pay: 'the annual charge',
};

function paymentWords(row: ActivityRow): string {
  const amount = amountText(metaText(row.meta, 'amount'));
  const charge = CHARGES[metaText(row.meta, 'chargeType') ?? ''] ?? 'your plan';
  const method = row.meta?.method as { brand?: string | null; last4?: string | null } | undefined;
  const card = method?.last4 ? ` with ${method.brand ?? 'the account'} ending ${method.last4}` : '';
  return `${amount ?? 'a payment'} for ${charge}${card}`;
}

/** Whose identifier was revealed: "your", "Maria’s", "Tom Lee’s", or "a". */
function whose(row: ActivityRow, viewer: Viewer): string {
  const person = row.targetPerson;
  if (metaText(row.meta, 'kind') === 'entity') return 'a beneficiary’s tax identification number';
  if (person?.id === viewer.personId) return 'your social security number';
  if (person && viewer.spouse?.personId === person.id) return `${viewer.spouse.firstName || 'your spouse'}’s social security number`;
  if (person?.name) return `${person.name}’s social security number`;
  return 'a social security number';
}

/** The sentence a client reads for a row, or null when the row is not for clients' eyes. */
export function plainWords(row: ActivityRow, viewer: Viewer): string | null {
  if (!CLIENT_ACTIONS.includes(row.action)) return null;
  if (OWN_ACCOUNT_ACTIONS.includes(row.action) && !(row.targetType === 'user' && row.targetId === viewer.userId)) return null;
  const who = actorWords(row, viewer);
  const name = metaText(row.meta, 'name');
  const doc = name ? `“${name}”` : 'a document';
  const intake = /^intake\.([A-Za-z]+)\.(create|update|delete)$/.exec(row.action);
  if (intake && INTAKE_NOUNS[intake[1]]) return `${who} ${INTAKE_VERBS[intake[2] as keyof typeof INTAKE_VERBS]} ${INTAKE_NOUNS[intake[1]]}`;
  if (INTAKE_FORMS[row.action]) return `${who} ${INTAKE_FORMS[row.action]}`;
  if (ACCOUNT[row.action]) return `${who} ${ACCOUNT[row.action]}`;
  const to = statusWords(metaText(row.meta, 'to'));
  switch (row.action) {
    case 'identifier.reveal':
      return `${who} viewed ${whose(row, viewer)}`;
    case 'file.view':
      return `${who} opened ${doc}`;
    case 'file.upload':
      return `${who} uploaded ${doc}`;
    case 'file.delete':
      return `${who} removed ${doc}`;
    case 'plan.status.update':
      return to ? `${who} moved your trust to ${to}` : `${who} changed your trust’s status`;
    case 'plan.status.payment':
      return to ? `Your payment moved your trust to ${to}` : 'Your payment changed your trust’s status';
    case 'plan.submit':
      return `${who} submitted the trust for review`;
    case 'payment.acknowledge':
      return `${who} confirmed your payment`;
    case 'payment.succeeded':
      return row.actor ? `${who} paid ${paymentWords(row)}` : `We received ${paymentWords(row)}`;
    case 'payment.pending':
      return `${row.actor ? `${who} started a bank payment of` : 'A bank payment started:'} ${paymentWords(row)}`;
    case 'payment.returned':
      return 'The bank returned a payment';
    case 'annual_charge.consent':
      return `${who} agreed to the annual charge`;
    case 'annual_charge.cancel':
      return `${who} cancelled the annual charge`;
    case 'client.reminder':
      return row.actor ? `${who} sent you a reminder` : 'We sent you a reminder';
    case 'client.create':
      return `${who} added you as a client`;
    case 'client.signup':
      return 'Your account was created';
    case 'funding.task.update':
      return `${who} marked ${fundingStepWords(row)}`;
    default:
      return null;
  }
}
