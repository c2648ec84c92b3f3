'use client';

import { Form, useActionForm } from '@/components/forms';
import { FormActions } from '@/components/forms/form-actions';
import { updateEstatePlanInfoAction } from '@/lib/actions/intake';
import { unansweredQuestions } from '@/lib/intake/required';
import { updateEstatePlanInfoSchema } from '@/lib/validation/intake';
import { ESTATE_PLAN_UPDATED } from '@/lib/validation/intake';
import { useIntake } from '../intake-context';
import { ConflictNotice } from '../page/conflict-notice';
import { nameOf } from '../shared/people';
import { useUnansweredErrors } from '../shared/use-unanswered-errors';
import { EstatePlanClientFields } from './estate-plan-client-fields';
import { estatePlanFormValues, formFieldOf } from './estate-plan-values';
import styles from './estate-plan.module.css';

type Props = {
  onSaved: (message: string) => void;
  onCancel: () => void;
};

/** The edit form of section 2: both clients' answers, saved together, with Save and Cancel. */
export function EstatePlanForm({ onSaved, onCancel }: Props) {
  const { view, hasSpouse, run } = useIntake();
  const { client, spouse } = view;
  const { form, submit, saving } = useActionForm({
    schema: updateEstatePlanInfoSchema,
    defaults: estatePlanFormValues(client, spouse),
    action: (values) => run(() => updateEstatePlanInfoAction(values)),
    onSuccess: (_view, { message }) => onSaved(message ?? ESTATE_PLAN_UPDATED),
    initialFocus: 'client1.has_estate_plan',
  });

  // With errors shown, every required answer still missing is marked when the form opens.
  const missing = [client, ...(spouse ? [spouse] : [])].flatMap((c, index) =>
    unansweredQuestions(c, hasSpouse)
      .filter((question) => question.section === 'estatePlan')
      .map((question) => formFieldOf(question.field))
      .filter((field): field is string => field !== null)
      .map((field) => `client${index + 1}.${field}`),
  );
  useUnansweredErrors(form, missing as never[]);

  return (
    <Form form={form} onSubmit={submit} aria-label="Edit current and new estate plan info" className={styles.form}>
      <ConflictNotice />
      <fieldset disabled={saving} className={styles.lock}>
        <EstatePlanClientFields prefix="client1" name={nameOf(client.person) || 'Client'} />
        {spouse && <EstatePlanClientFields prefix="client2" name={nameOf(spouse.person) || 'Spouse'} />}
      </fieldset>
      <FormActions saving={saving} onCancel={onCancel} />
    </Form>
  );
}
