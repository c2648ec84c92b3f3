'use client';

import { Form, PhoneField, SelectField, SsnField, useActionForm, YesNoField } from '@/components/forms';
import { FormActions } from '@/components/forms/form-actions';
import { Field, TextInput } from '@/components/ui/field';
import { updatePersonalInfoAction } from '@/lib/actions/intake';
import type { ClientView, IntakeView } from '@/lib/intake/types';
import { updatePersonalInfoSchema } from '@/lib/validation/intake';
import type { UpdatePersonalInfoForm } from '@/lib/validation/intake';
import { useIntake } from '../intake-context';
import { ConflictNotice } from '../page/conflict-notice';
import { nameOf } from '../shared/people';
import { DobField, GENDER_CHOICES, NameFields } from '../shared/person-fields';
import { RadioChoiceField } from '../shared/radio-choice-field';
import { STATE_OPTIONS } from '../shared/state-options';
import { useUnansweredErrors } from '../shared/use-unanswered-errors';
import { PERSONAL_QUESTIONS } from './personal-questions';
import fieldStyles from '../shared/intake-fields.module.css';
import styles from './personal.module.css';

export function personalFormValues(client: ClientView): UpdatePersonalInfoForm {
  const { person } = client;
  return {
    client_hash: client.hash,
    version: client.version,
    person_version: person.version,
    first_name: person.firstName,
    middle_name: person.middleName,
    last_name: person.lastName,
    suffix: person.suffix as UpdatePersonalInfoForm['suffix'],
    phone: person.phone,
    dob: person.dob ?? '',
    ssn: '',
    gender: client.gender ?? '',
    residence_state: client.residenceState ?? '',
    is_us_citizen: client.isUsCitizen,
    is_receiving_medicaid: client.isReceivingMedicaid,
    has_mental_disorder: client.hasMentalDisorder,
    wants_life_support: client.wantsLifeSupport,
    wants_cremation: client.wantsCremation,
    is_organ_donor: client.isOrganDonor,
  };
}

const REQUIRED_ANSWERS = ['residence_state', ...PERSONAL_QUESTIONS.map((question) => question.name)] as const;

type Props = {
  client: ClientView;
  onSaved: (view: IntakeView) => void;
  onCancel: () => void;
};

/** The personal info editor of one client (section 1): the email is read-only, the SSN masked. */
export function PersonalForm({ client, onSaved, onCancel }: Props) {
  const { run } = useIntake();
  const { form, submit, saving } = useActionForm({
    schema: updatePersonalInfoSchema,
    defaults: personalFormValues(client),
    action: (values) => run(() => updatePersonalInfoAction(values)),
    onSuccess: onSaved,
    initialFocus: 'first_name',
  });
  useUnansweredErrors(form, REQUIRED_ANSWERS);
  const email = client.loginEmail ?? client.person.email;

  return (
    <Form form={form} onSubmit={submit} aria-label={`Edit personal info of ${nameOf(client.person)}`} className={styles.form}>
      <ConflictNotice />
      <fieldset disabled={saving} className={styles.lock}>
        <NameFields />
        <div className={fieldStyles.grid}>
          <Field label="Email" hint={client.loginEmail ? 'The sign-in email is changed in Settings.' : undefined}>
            <TextInput value={email} readOnly type="email" />
          </Field>
          <PhoneField name="phone" label="Phone" />
          <DobField />
          <SsnField name="ssn" label="SSN" last4={client.person.ssnLast4} />
          <SelectField name="residence_state" label="State of Residence" required placeholder="Select…" options={STATE_OPTIONS} />
        </div>
        <RadioChoiceField name="gender" label="Gender" choices={GENDER_CHOICES} />
        <div className={fieldStyles.grid}>
          {PERSONAL_QUESTIONS.map((question) => (
            <YesNoField
              key={question.name}
              name={question.name}
              label={question.label}
              required
              yesLabel={'yes' in question ? question.yes : undefined}
              noLabel={'no' in question ? question.no : undefined}
            />
          ))}
        </div>
      </fieldset>
      <FormActions saving={saving} onCancel={onCancel} />
    </Form>
  );
}
