import { kindOf, staffLabel } from '@/lib/activity/activity-kinds';
import type { ActivityRow, ActivityUser } from '@/lib/activity/activity-row';
import { actorWords, CLIENT_ACTIONS, plainWords, type Viewer } from '@/lib/activity/plain-words';

/*
 * The client's activity in plain words (issue 29): a sentence for each whitelisted action, who acted named
 * from the reader's side, and every other action (staff-only or unknown) hidden.
 */

const user = (userId: number, role: ActivityUser['role'], firstName: string): ActivityUser => ({
  userId,
  email: `${firstName.toLowerCase()}@test.example`,
  name: `${firstName} Doe`,
  firstName,
  role,
});
const you = user(1, 'client', 'Pat');
const spouse = user(2, 'client', 'Sam');
const advisor = user(3, 'advisory', 'Avery');
const attorney = user(4, 'legal', 'Lena');
const admin = user(5, 'admin', 'Ada');
const viewer: Viewer = { userId: 1, personId: 11, spouse: { userId: 2, personId: 12, firstName: 'Sam' } };

const row = (action: string, actor: ActivityUser | null, extra: Partial<ActivityRow> = {}): ActivityRow => ({
  id: 1,
  createdAt: new Date('2026-11-03T15:00:00Z'),
  action,
  targetType: null,
  targetId: null,
  meta: null,
  actor,
  impersonator: null,
  targetPerson: null,
  ip: '203.0.113.1',
  ...extra,
});

describe('who acted, from the reader’s side', () => {
  it.each([
    ['the reader', you, null, 'You'],
    ['the spouse, by first name', spouse, null, 'Sam'],
    ['the advisory side', advisor, null, 'Your advisor'],
    ['an attorney', attorney, null, 'Your attorney'],
    ['an admin', admin, null, 'An administrator'],
    ['an admin acting as the reader', you, admin, 'An administrator, acting for you,'],
    ['an admin acting as the spouse', spouse, admin, 'An administrator, acting for Sam,'],
    ['an admin acting as the advisor', advisor, admin, 'An administrator, acting for your advisor,'],
    ['the system (a job)', null, null, 'We'],
  ])('%s', (_name, actor, impersonator, words) => {
    expect(actorWords({ actor, impersonator }, viewer)).toBe(words);
  });
});

describe('a sentence for each whitelisted action', () => {
  const person = (id: number, name: string) => ({ targetType: 'person', targetId: id, targetPerson: { id, name } });
  it.each<[string, ActivityRow, string]>([
    [
      'identifier.reveal, own SSN',
      row('identifier.reveal', attorney, { meta: { kind: 'person' }, ...person(11, 'Pat Doe') }),
      'Your attorney viewed your social security number',
    ],
    [
      'identifier.reveal, the spouse’s',
      row('identifier.reveal', attorney, { meta: { kind: 'person' }, ...person(12, 'Sam Doe') }),
      'Your attorney viewed Sam’s social security number',
    ],
    [
      'identifier.reveal, a child’s',
      row('identifier.reveal', admin, { meta: { kind: 'person' }, ...person(30, 'Tom Doe') }),
      'An administrator viewed Tom Doe’s social security number',
    ],
    [
      'identifier.reveal, an entity',
      row('identifier.reveal', attorney, { meta: { kind: 'entity' } }),
      'Your attorney viewed a beneficiary’s tax identification number',
    ],
    ['file.view', row('file.view', attorney, { meta: { name: 'Trust.pdf' } }), 'Your attorney opened “Trust.pdf”'],
    ['file.upload', row('file.upload', advisor, { meta: { name: 'Deed.pdf' } }), 'Your advisor uploaded “Deed.pdf”'],
    ['file.delete', row('file.delete', admin, { meta: { name: 'Old.pdf' } }), 'An administrator removed “Old.pdf”'],
    [
      'plan.status.update',
      row('plan.status.update', attorney, { meta: { from: 'sent', to: 'awaiting' } }),
      'Your attorney moved your trust to “In Client Contact”',
    ],
    ['plan.status.payment', row('plan.status.payment', you, { meta: { from: 'unpaid', to: 'paid' } }), 'Your payment moved your trust to “Paid in Full”'],
    ['plan.submit', row('plan.submit', spouse, { meta: { from: 'paid', to: 'sent' } }), 'Sam submitted the trust for review'],
    ['payment.acknowledge', row('payment.acknowledge', attorney), 'Your attorney confirmed your payment'],
    [
      'payment.succeeded',
      row('payment.succeeded', you, { meta: { chargeType: 'trust_fee', amount: '1500.00', method: { kind: 'card', brand: 'Visa', last4: '4242' } } }),
      'You paid $1,500.00 for the trust fee with Visa ending 4242',
    ],
    [
      'payment.succeeded by a job',
      row('payment.succeeded', null, { meta: { chargeType: 'annual_charge', amount: '99.00' } }),
      'We received $99.00 for the annual charge',
    ],
    [
      'payment.pending',
      row('payment.pending', you, { meta: { chargeType: 'trust_fee', amount: '10.00' } }),
      'You started a bank payment of $10.00 for the trust fee',
    ],
    ['payment.returned', row('payment.returned', null), 'The bank returned a payment'],
    ['annual_charge.consent', row('annual_charge.consent', you), 'You agreed to the annual charge'],
    ['annual_charge.cancel', row('annual_charge.cancel', admin), 'An administrator cancelled the annual charge'],
    ['client.reminder', row('client.reminder', advisor), 'Your advisor sent you a reminder'],
    ['client.reminder by the nudge job', row('client.reminder', null), 'We sent you a reminder'],
    ['client.create', row('client.create', advisor), 'Your advisor added you as a client'],
    ['client.signup', row('client.signup', null), 'Your account was created'],
    [
      'funding.task.update',
      row('funding.task.update', spouse, { meta: { task: 'bank:x', title: 'First Bank ••••1234', status: 'not-needed' } }),
      'Sam marked “First Bank ••••1234” not needed',
    ],
    ['intake.child.update', row('intake.child.update', you), 'You updated a child'],
    ['intake.beneficiary.create', row('intake.beneficiary.create', spouse), 'Sam added a beneficiary'],
    ['intake.agent.delete', row('intake.agent.delete', advisor), 'Your advisor removed a power-of-attorney agent'],
    [
      'intake.personalInfo.update',
      row('intake.personalInfo.update', you, { impersonator: admin }),
      'An administrator, acting for you, updated the personal information',
    ],
    ['intake.hasChildren.update', row('intake.hasChildren.update', you), 'You answered whether you have children'],
    ['settings.password.update, own', row('settings.password.update', you, { targetType: 'user', targetId: 1 }), 'You changed your password'],
    ['user.resetPassword, own', row('user.resetPassword', admin, { targetType: 'user', targetId: 1 }), 'An administrator reset your password'],
  ])('%s', (_name, r, sentence) => {
    expect(plainWords(r, viewer)).toBe(sentence);
  });

  it('every whitelisted action has a sentence', () => {
    for (const action of CLIENT_ACTIONS) {
      expect({ action, text: plainWords(row(action, you, { targetType: 'user', targetId: 1 }), viewer) }).toEqual({ action, text: expect.any(String) });
    }
  });
});

describe('hidden from clients', () => {
  it.each([
    'intake.note.save',
    'impersonation.start',
    'impersonation.end',
    'user.update',
    'password.reset.mailed',
    'payment_method.add',
    'invite.send',
    'audit.export',
    'notifications.preferences.update',
    'payment.refused',
    'client.delete',
    'something.new',
  ])('%s', (action) => {
    expect(plainWords(row(action, attorney, { targetType: 'user', targetId: 1 }), viewer)).toBeNull();
  });

  it("another login's account change (the spouse's password)", () => {
    expect(plainWords(row('settings.password.update', spouse, { targetType: 'user', targetId: 2 }), viewer)).toBeNull();
  });

  it('never puts an address in a sentence', () => {
    for (const action of CLIENT_ACTIONS)
      expect(plainWords(row(action, attorney, { targetType: 'user', targetId: 1 }), viewer) ?? '').not.toContain('203.0.113');
  });
});

describe('the staff view’s words', () => {
  it.each([
    ['intake.child.create', 'intake'],
    ['file.view', 'documents'],
    ['payment.succeeded', 'payments'],
    ['annual_charge.cancel', 'payments'],
    ['plan.status.update', 'status'],
    ['client.reminder', 'status'],
    ['identifier.reveal', 'identifiers'],
    ['funding.task.update', 'funding'],
    ['settings.password.update', 'account'],
    ['impersonation.start', 'account'],
    ['client.signup', 'account'],
    ['audit.export', null],
  ])('%s is of kind %s', (action, kind) => {
    expect(kindOf(action)).toBe(kind);
  });

  it('labels with key facts, and an unknown action by its name', () => {
    expect(staffLabel(row('plan.status.update', attorney, { meta: { from: 'sent', to: 'complete' } }))).toEqual({
      label: 'Changed the status',
      details: 'Sent for Review → Complete',
    });
    expect(staffLabel(row('intake.gift.delete', you))).toEqual({ label: 'Removed a gift', details: null });
    expect(staffLabel(row('file.view', attorney, { meta: { name: 'Trust.pdf' } }))).toEqual({ label: 'Opened a document', details: 'Trust.pdf' });
    expect(staffLabel(row('identifier.reveal', attorney, { meta: { kind: 'person' }, targetPerson: { id: 3, name: 'Tom Doe' } }))).toEqual({
      label: 'Revealed an identifier',
      details: 'Tom Doe’s social security number',
    });
    expect(staffLabel(row('payment.succeeded', you, { meta: { amount: '10.00', method: { brand: 'Visa', last4: '4242' } } }))).toEqual({
      label: 'Payment received',
      details: '$10.00, Visa ending 4242',
    });
    expect(staffLabel(row('something.new', admin))).toEqual({ label: 'something.new', details: null });
  });
});

describe('the kinds', () => {
  it('the filter offers exactly the kinds that have actions', async () => {
    const { ACTIVITY_KINDS } = await import('@/lib/activity/activity-kinds');
    const { ACTIVITY_KIND_NAMES } = await import('@/lib/validation/activity');
    expect(ACTIVITY_KINDS.map((k) => k.kind)).toEqual([...ACTIVITY_KIND_NAMES]);
  });
});
