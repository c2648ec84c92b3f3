'use client';

import { useRouter } from 'next/navigation';
import { useFieldArray } from 'react-hook-form';
import { DateField, Form, NameField, PhoneField, SelectField, SsnField, TextField, useActionForm } from '@/components/forms';
import { Button } from '@/components/ui/button';
import { useMessage } from '@/components/ui/call-provider';
import { Checkbox } from '@/components/ui/field';
import { createClientsAction } from '@/lib/actions/advisors';
import { CLIENT_EMAILS_SAME } from '@/lib/validation/advisors';
import { createClientsSchema } from '@/lib/validation/advisors';
import { SUFFIXES } from '@/lib/validation/lists';
import styles from './new-client.module.css';

const EMPTY_CLIENT = {
  first_name: '',
  middle_name: '',
  last_name: '',
  suffix: '' as const,
  email: '',
  mobile_phone: '',
  date_of_birth: '',
  social_security_number: '',
  gender: '',
};
const GENDER_OPTIONS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

type Props = { advisorHash: string; advisorName: string; isOwn: boolean };

/**
 * The New Client screen: one client form, and a second for the spouse with Add Spouse. The couple becomes one
 * household (owner 1 and owner 2) with an estate plan, and each client is e-mailed an invitation. Emails
 * must differ (lower-cased, trimmed): 'Client emails cannot be the same'.
 */
export function NewClientForm({ advisorHash, advisorName, isOwn }: Props) {
  const router = useRouter();
  const { showMessage } = useMessage();
  const { form, submit, saving } = useActionForm({
    schema: createClientsSchema,
    defaults: { advisor_id: advisorHash, clients: [EMPTY_CLIENT] },
    action: (values) => createClientsAction({ ...values, advisor_id: advisorHash }),
    invalidAlert: (errors) => {
      const second = (errors.clients as unknown as { email?: { message?: string } }[] | undefined)?.[1];
      return second?.email?.message === CLIENT_EMAILS_SAME ? CLIENT_EMAILS_SAME : null;
    },
    onSuccess: async (_data, { message }) => {
      await showMessage({ title: 'Success', message: message ?? 'Client(s) created successfully', tone: 'success' });
      router.push(isOwn ? '/dashboard' : `/dashboard?advisor=${encodeURIComponent(advisorHash)}`);
    },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'clients' });
  const withSpouse = fields.length > 1;

  return (
    <Form form={form} onSubmit={submit} className={styles.form}>
      <p className={styles.lead}>
        For {advisorName}. Each client receives an invitation e-mail to create their account and continue the intake you start here.
      </p>
      <Checkbox
        label="Add Spouse"
        className={styles.spouseToggle}
        checked={withSpouse}
        disabled={saving}
        onChange={(event) => (event.target.checked ? append({ ...EMPTY_CLIENT }) : remove(1))}
      />
      {fields.map((field, index) => (
        <fieldset key={field.id} className={styles.client} disabled={saving}>
          <legend>{index === 0 ? 'Client' : 'Spouse'}</legend>
          <div className={styles.grid}>
            <NameField name={`clients.${index}.first_name`} label="First Name" required autoComplete="off" />
            <NameField name={`clients.${index}.middle_name`} label="Middle Name" autoComplete="off" />
            <NameField name={`clients.${index}.last_name`} label="Last Name" required autoComplete="off" />
            <SelectField name={`clients.${index}.suffix`} label="Suffix" placeholder="" options={SUFFIXES} />
          </div>
          <div className={styles.grid}>
            <TextField name={`clients.${index}.email`} label="Email" required type="email" inputMode="email" autoComplete="off" />
            <PhoneField name={`clients.${index}.mobile_phone`} label="Mobile Phone" />
            <DateField name={`clients.${index}.date_of_birth`} label="Date of Birth" />
            <SsnField name={`clients.${index}.social_security_number`} label="SSN" />
            <SelectField name={`clients.${index}.gender`} label="Gender" placeholder="" options={GENDER_OPTIONS} />
          </div>
        </fieldset>
      ))}
      <div className={styles.actions}>
        <Button type="submit" loading={saving}>
          {withSpouse ? 'Create Clients' : 'Create Client'}
        </Button>
        <Button variant="secondary" onClick={() => router.back()} disabled={saving}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
