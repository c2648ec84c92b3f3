import { screen, waitFor, within } from '@testing-library/react';
import { EstatePlanSection } from '@/components/intake/estate-plan/estate-plan-section';
import { INTENTS } from '@/components/intake/estate-plan/intents';
import { PersonalSection } from '@/components/intake/personal/personal-section';
import { axeViolations } from '../records/axe';
import { ANSWERED, household, renderIntake } from './fake-intake';

jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
jest.mock('@/lib/actions/plans', () => jest.requireActual('./plans-actions-mock'));
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

const form = (name: string | RegExp) => screen.getByRole('form', { name });
const question = (scope: HTMLElement, name: string | RegExp) => within(scope).getByRole('group', { name });

describe('Personal info', () => {
  it('shows each client read-only, unanswered required answers marked', () => {
    renderIntake(household({ client: { ...ANSWERED, residenceState: null, wantsLifeSupport: false } }), <PersonalSection />);
    const pat = screen.getByRole('region', { name: 'Pat Rivera' });
    expect(within(pat).getByText('State of Residence').nextSibling).toHaveTextContent('Unanswered');
    expect(within(pat).getByText('pat@example.test')).toBeInTheDocument();
    expect(within(pat).getByText('XXX-XX-7890')).toBeInTheDocument();
    // The spec's words for life support.
    expect(within(pat).getByText('Terminated')).toBeInTheDocument();
    expect(within(pat).getByText('U.S. citizen?').nextSibling).toHaveTextContent('Yes');
    expect(screen.getByRole('region', { name: 'Sam Rivera' })).toBeInTheDocument();
  });

  it('edits one client: email read-only, SSN masked and restored when incomplete; saves with a confirmation', async () => {
    const { user, server } = renderIntake(household(), <PersonalSection />);
    await user.click(screen.getByRole('button', { name: 'Edit personal info of Pat Rivera' }));
    const editor = form('Edit personal info of Pat Rivera');
    expect(within(editor).getByRole('textbox', { name: 'First Name' })).toHaveFocus();
    expect(within(editor).getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(within(editor).getByRole('textbox', { name: 'Email' })).toHaveValue('pat@example.test');
    // Only one editor at a time.
    expect(screen.getByRole('button', { name: 'Edit personal info of Sam Rivera' })).toBeDisabled();

    const ssn = within(editor).getByRole('textbox', { name: 'SSN' });
    expect(ssn).toHaveValue('XXX-XX-7890');
    await user.click(ssn);
    await user.keyboard('1234');
    await user.tab();
    // Incomplete: the stored number stays.
    expect(within(editor).getByRole('textbox', { name: 'SSN' })).toHaveValue('XXX-XX-7890');
    await user.click(within(editor).getByRole('textbox', { name: 'SSN' }));
    await user.keyboard('123456789');
    await user.tab();
    expect(within(editor).getByRole('textbox', { name: 'SSN' })).toHaveValue('XXX-XX-6789');

    await user.selectOptions(within(editor).getByRole('combobox', { name: 'State of Residence' }), 'Oregon');
    await user.click(within(question(editor, 'U.S. citizen?')).getByRole('radio', { name: 'Yes' }));
    await user.click(within(question(editor, /Life support/)).getByRole('radio', { name: 'Used to maintain life' }));
    await user.click(within(editor).getByRole('button', { name: 'Save' }));

    // The spec names no dialog for it: a non-blocking notice, no OK to press (issue 27).
    const notice = (await screen.findByText('Personal info updated successfully')).closest('[role="status"]');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.inputsOf('updatePersonalInfoAction')[0]).toMatchObject({
      client_hash: 'client-pat',
      version: 1,
      ssn: '123456789',
      residence_state: 'OR',
      is_us_citizen: true,
      wants_life_support: true,
    });
    const pat = screen.getByRole('region', { name: 'Pat Rivera' });
    expect(within(pat).getByText('Oregon')).toBeInTheDocument();
    expect(within(pat).getByText('XXX-XX-6789')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit personal info of Pat Rivera' })).toHaveFocus());
  });

  it('a stale save answers with the server message and offers a reload', async () => {
    const { user, server } = renderIntake(household(), <PersonalSection />);
    await user.click(screen.getByRole('button', { name: 'Edit personal info of Sam Rivera' }));
    server.current().spouse!.version = 5;
    await user.click(within(form('Edit personal info of Sam Rivera')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent(
      'This record was changed by someone else. Reload to see the latest version.',
    );
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    expect(within(form('Edit personal info of Sam Rivera')).getByRole('button', { name: 'Reload the latest version' })).toBeInTheDocument();
  });

  it('read-only viewers get no Edit buttons', () => {
    renderIntake(household({ abilities: { canEdit: false, canRevealIdentifiers: false, isLegal: false } }), <PersonalSection />);
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('has no axe violation while editing', async () => {
    const { user } = renderIntake(household(), <PersonalSection />);
    await user.click(screen.getByRole('button', { name: 'Edit personal info of Pat Rivera' }));
    expect(await axeViolations()).toEqual([]);
  });
});

describe('Current and New Estate Plan Info', () => {
  it("summarises each client: 'Unanswered' markers and the count of unanswered intents", () => {
    renderIntake(
      household({
        client: { hasEstatePlan: 'yes', estatePlanType: 'Trust', trustName: 'Rivera Family Trust', intents: [true, null, false, null, null, null, null] },
        spouse: { ...ANSWERED },
      }),
      <EstatePlanSection />,
    );
    const pat = screen.getByRole('region', { name: 'Pat Rivera' });
    expect(within(pat).getByText('Plan Type').nextSibling).toHaveTextContent('Living Trust');
    expect(within(pat).getByText('Trust Date').nextSibling).toHaveTextContent('Unanswered');
    expect(within(pat).getByText('Trust Intents').nextSibling).toHaveTextContent('5 unanswered');
    const sam = screen.getByRole('region', { name: 'Sam Rivera' });
    expect(within(sam).getByText('Has a Current Plan').nextSibling).toHaveTextContent('No');
    expect(within(sam).getByText('Plan Type').nextSibling).toHaveTextContent('None');
    expect(within(sam).getByText('Trust Intents').nextSibling).toHaveTextContent('All answered');
    expect(within(sam).getByText('7. Survivor may amend or revoke')).toBeInTheDocument();
  });

  it('a single client answers intents 1 to 5 only', async () => {
    const { user } = renderIntake(household({ spouse: null }), <EstatePlanSection />);
    expect(screen.queryByText(/^6\./)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Edit/ }));
    expect(screen.getAllByRole('group', { name: /^\d\. / })).toHaveLength(5);
  });

  it('the edit form: No clears the type; trust details only for Trust; Other type as text of at most 25', async () => {
    const { user, server } = renderIntake(household({ client: { hasEstatePlan: 'yes', estatePlanType: 'Will' } }), <EstatePlanSection />);
    await user.click(screen.getByRole('button', { name: 'Edit current and new estate plan info' }));
    const editor = form('Edit current and new estate plan info');
    const pat = within(editor).getByRole('group', { name: 'Pat Rivera' });
    const type = within(pat).getByRole('combobox', { name: 'Type of Current Plan' });
    expect(type).toHaveValue('Will');
    expect(within(pat).queryByRole('textbox', { name: 'Trust Name' })).not.toBeInTheDocument();

    await user.selectOptions(type, 'Trust');
    expect(within(pat).getByRole('textbox', { name: 'Trust Name' })).toBeInTheDocument();
    expect(within(pat).getByRole('textbox', { name: 'Times Amended' })).toBeInTheDocument();
    expect(within(pat).getByRole('group', { name: 'Are the assets owned by the trust?' })).toBeInTheDocument();

    await user.selectOptions(within(pat).getByRole('combobox', { name: 'Type of Current Plan' }), 'Other');
    const other = within(pat).getByRole('textbox', { name: 'Type of Current Plan' });
    expect(other).toHaveAttribute('maxLength', '25');
    await user.type(other, 'Pour-over will');
    expect(within(pat).queryByRole('textbox', { name: 'Trust Name' })).not.toBeInTheDocument();

    await user.click(within(question(pat, /Has a current estate plan/)).getByRole('radio', { name: 'No' }));
    expect(within(pat).queryByRole('textbox', { name: 'Type of Current Plan' })).not.toBeInTheDocument();
    await user.click(within(question(pat, /Has a current estate plan/)).getByRole('radio', { name: 'Yes' }));
    // The type was cleared (and with it the 'other' flag): the list shows, nothing chosen.
    expect(within(pat).getByRole('combobox', { name: 'Type of Current Plan' })).toHaveValue('');
    await user.click(within(question(pat, /Has a current estate plan/)).getByRole('radio', { name: 'No' }));

    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    const success = await screen.findByRole('alertdialog', { name: 'Success' });
    expect(success).toHaveTextContent('Current & new estate plan info updated successfully');
    expect(server.inputsOf('updateEstatePlanInfoAction')[0]).toMatchObject({
      client_hash: 'client-pat',
      client1: { version: 1, has_estate_plan: 'no', estate_plan_type: '' },
      client2: { version: 1 },
    });
  });

  it("intent 1's choices stay disabled until the governing state is chosen; 6 and 7 are asked with a spouse", async () => {
    const { user } = renderIntake(household(), <EstatePlanSection />);
    await user.click(screen.getByRole('button', { name: 'Edit current and new estate plan info' }));
    const sam = within(form('Edit current and new estate plan info')).getByRole('group', { name: 'Sam Rivera' });
    const intent1 = question(sam, /^1\. Create a revocable living trust/);
    expect(within(intent1).getByRole('radio', { name: 'Yes' })).toBeDisabled();
    await user.selectOptions(within(sam).getByRole('combobox', { name: 'State Governing the New Trust' }), 'California');
    const named = question(sam, '1. Create a revocable living trust governed by the laws of California.');
    expect(within(named).getByRole('radio', { name: 'Yes' })).toBeEnabled();
    await user.click(within(named).getByRole('radio', { name: 'Yes' }));
    expect(question(sam, /^6\. After the first death/)).toBeInTheDocument();
    expect(question(sam, /^7\. The surviving spouse may fully amend/)).toBeInTheDocument();

    // Clearing the state takes intent 1's answer with it.
    await user.selectOptions(within(sam).getByRole('combobox', { name: 'State Governing the New Trust' }), '');
    expect(within(question(sam, /^1\. /)).getByRole('radio', { name: 'Yes' })).not.toBeChecked();
  });

  // Issue 27: each trust intent gets a one-line explanation in plain words, linked to the question.
  it('explains each trust intent in one line under the question, describing the question and its answers', async () => {
    const { user } = renderIntake(household(), <EstatePlanSection />);
    await user.click(screen.getByRole('button', { name: 'Edit current and new estate plan info' }));
    const pat = within(form('Edit current and new estate plan info')).getByRole('group', { name: 'Pat Rivera' });
    expect(INTENTS).toHaveLength(7);
    for (const intent of INTENTS) {
      const group = question(pat, new RegExp(`^${intent.number}\\. `));
      // The question's words are unchanged; the explanation is its description, not part of its name.
      expect(group).toHaveAccessibleName(`${intent.number}. ${intent.question('')}`);
      expect(group).toHaveAccessibleDescription(intent.explanation);
      expect(intent.explanation).not.toMatch(/\n/);
      expect(within(group).getByRole('radio', { name: 'Yes' })).toHaveAccessibleDescription(intent.explanation);
      // Shown right under the question, before the answers.
      const description = within(group).getByText(intent.explanation);
      expect(group.querySelector('legend')?.nextElementSibling).toBe(description);
    }
  });

  it('Cancel leaves the summary unchanged and returns focus to the pencil', async () => {
    const { user, server } = renderIntake(household(), <EstatePlanSection />);
    const pencil = screen.getByRole('button', { name: 'Edit current and new estate plan info' });
    await user.click(pencil);
    await user.click(within(form('Edit current and new estate plan info')).getByRole('button', { name: 'Cancel' }));
    expect(server.inputsOf('updateEstatePlanInfoAction')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Edit current and new estate plan info' })).toHaveFocus();
  });

  it('has no axe violation while editing', async () => {
    const { user } = renderIntake(household({ client: { hasEstatePlan: 'yes', estatePlanType: 'Trust' } }), <EstatePlanSection />);
    await user.click(screen.getByRole('button', { name: 'Edit current and new estate plan info' }));
    expect(await axeViolations()).toEqual([]);
  });
});
