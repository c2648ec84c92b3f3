import type { EstatePlanStatus } from '@/db/schema';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { formatUsd } from '@/lib/money';
import type { ActivityKind } from '@/lib/validation/activity';
import { metaText, type ActivityRow } from './activity-row';

export type { ActivityKind };

/*
 * The staff view's words for audit rows (issue 29): the kinds its filter offers (groups of actions, by the
 * start of their names), and a readable label with the row's key facts. An action no label knows shows its
 * own name: a new audit call is listed from its first day, only less prettily.
 */

export const ACTIVITY_KINDS: readonly { kind: ActivityKind; label: string; prefixes: readonly string[] }[] = [
  { kind: 'intake', label: 'Intake', prefixes: ['intake.'] },
  { kind: 'documents', label: 'Documents', prefixes: ['file.'] },
  { kind: 'payments', label: 'Payments', prefixes: ['payment.', 'payment_method.', 'annual_charge.', 'autopay.', 'invoice.'] },
  { kind: 'status', label: 'Status and reminders', prefixes: ['plan.', 'client.create', 'client.delete', 'client.reminder'] },
  { kind: 'funding', label: 'Funding', prefixes: ['funding.'] },
  { kind: 'identifiers', label: 'Identifiers revealed', prefixes: ['identifier.'] },
  { kind: 'account', label: 'Sign-in and account', prefixes: ['settings.', 'user.', 'password.', 'impersonation.', 'notifications.', 'client.signup'] },
];

/** The kind an action belongs to, or null (listed under All only). */
export function kindOf(action: string): ActivityKind | null {
  return ACTIVITY_KINDS.find((k) => k.prefixes.some((p) => action.startsWith(p)))?.kind ?? null;
}

/** The intake's audit nouns (lib/intake/records/*.ts `audit.noun`, and the single-form writes) in words. */
export const INTAKE_NOUNS: Record<string, string> = {
  child: 'a child',
  beneficiary: 'a beneficiary',
  trustee: 'a trustee',
  agent: 'a power-of-attorney agent',
  property: 'a property',
  company: 'a company',
  gift: 'a gift',
  account: 'an account',
};

const INTAKE_FORMS: Record<string, string> = {
  'intake.personalInfo.update': 'Updated personal information',
  'intake.estatePlanInfo.update': 'Updated estate plan information',
  'intake.hasChildren.update': 'Answered “Do you have any children?”',
  'intake.spouseChoice.update': 'Updated the choices about the spouse',
  'intake.note.save': 'Saved the note for the attorney',
};

const INTAKE_VERBS: Record<string, string> = { create: 'Added', update: 'Updated', delete: 'Removed' };

const LABELS: Record<string, string> = {
  'identifier.reveal': 'Revealed an identifier',
  'file.view': 'Opened a document',
  'file.upload': 'Uploaded a document',
  'file.delete': 'Removed a document',
  'plan.status.update': 'Changed the status',
  'plan.status.payment': 'Status changed by a payment',
  'plan.submit': 'Submitted the trust',
  'payment.succeeded': 'Payment received',
  'payment.pending': 'Bank payment started',
  'payment.returned': 'Bank payment returned',
  'payment.acknowledge': 'Payment acknowledged',
  'payment.setup_verified': 'Card checked',
  'payment_method.add': 'Payment method stored',
  'payment_method.remove': 'Payment method removed',
  'annual_charge.consent': 'Agreed to the annual charge',
  'annual_charge.cancel': 'Annual charge cancelled',
  'client.create': 'Client created',
  'client.signup': 'Signed up',
  'client.delete': 'Client deleted',
  'client.reminder': 'Reminder sent',
  'funding.task.update': 'Marked a funding step',
  'settings.name.update': 'Changed their name',
  'settings.phone.update': 'Changed their phone',
  'settings.password.update': 'Changed their password',
  'settings.email.request': 'Asked to change their e-mail',
  'settings.email.confirm': 'Confirmed a new e-mail',
  'user.update': 'Account updated',
  'user.resetPassword': 'Password reset by an administrator',
  'password.reset.mailed': 'Password reset mailed',
  'impersonation.start': 'Started acting as this user',
  'impersonation.end': 'Stopped acting as this user',
  'notifications.preferences.update': 'Changed notification settings',
  'notifications.unsubscribe': 'Unsubscribed from a notification',
};

function statusName(value: string | null): string | null {
  return value ? statusLabel(value as EstatePlanStatus) : null;
}

/** A meta amount ('500.00') as money, or null when it is none. */
export function amountText(amount: string | null): string | null {
  return amount && /^-?\d+(\.\d+)?$/.test(amount) ? formatUsd(amount) : null;
}

/** The row's key facts, short: a document's name, a status change, an amount, whose identifier. */
function details(row: ActivityRow): string | null {
  const m = row.meta;
  if (row.action.startsWith('file.')) return metaText(m, 'name');
  if (row.action.startsWith('plan.') || row.action === 'payment.acknowledge') {
    const from = statusName(metaText(m, 'from'));
    const to = statusName(metaText(m, 'to'));
    return from && to ? `${from} → ${to}` : (to ?? from);
  }
  if (row.action === 'identifier.reveal') {
    const what = metaText(m, 'kind') === 'entity' ? 'tax identification number' : 'social security number';
    return row.targetPerson ? `${row.targetPerson.name}’s ${what}` : what;
  }
  if (row.action.startsWith('payment.') || row.action.startsWith('annual_charge.')) {
    const amount = metaText(m, 'amount');
    const method = m?.method as { brand?: string | null; last4?: string | null } | undefined;
    const card = method?.last4 ? `${method.brand ?? 'account'} ending ${method.last4}` : null;
    return [amountText(amount), card].filter(Boolean).join(', ') || null;
  }
  if (row.action === 'client.reminder') {
    const n = Number(m?.recipients ?? 0);
    return n ? `to ${n} ${n === 1 ? 'person' : 'people'}` : null;
  }
  if (row.action === 'settings.email.request') return metaText(m, 'to');
  if (row.action === 'funding.task.update') return fundingStepWords(row);
  return null;
}

/** A funding mark's step and status: '“First Bank ••••1234” done' (the title is kept in the meta since issue 30). */
export function fundingStepWords(row: ActivityRow): string {
  const title = metaText(row.meta, 'title');
  const status = (metaText(row.meta, 'status') ?? '').replace('-', ' ');
  return [title ? `“${title}”` : 'a step', status].filter(Boolean).join(' ');
}

/** What happened, for staff: a label and the key facts (the action's own name when no label knows it). */
export function staffLabel(row: ActivityRow): { label: string; details: string | null } {
  const intake = /^intake\.([A-Za-z]+)\.(create|update|delete)$/.exec(row.action);
  let label = INTAKE_FORMS[row.action] ?? LABELS[row.action];
  if (!label && intake && INTAKE_NOUNS[intake[1]]) label = `${INTAKE_VERBS[intake[2]]} ${INTAKE_NOUNS[intake[1]]}`;
  return { label: label ?? row.action, details: details(row) };
}
