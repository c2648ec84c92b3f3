'use client';

import { useEffect } from 'react';
import { Form, useActionForm, YesNoField } from '@/components/forms';
import { setSpouseChoiceAction } from '@/lib/actions/intake';
import type { ClientView, PoaType } from '@/lib/intake/types';
import { setSpouseChoiceSchema } from '@/lib/validation/intake';
import type { SpouseChoice } from '@/lib/validation/intake';
import { useIntake } from '../intake-context';
import { nameOf } from './people';
import { Unanswered } from './unanswered';
import styles from './spouse-choice.module.css';

/** A client's stored answer to one of the per-client spouse questions. */
export function spouseChoiceOf(client: ClientView, choice: SpouseChoice): boolean | null {
  if (choice === 'is_spouse_beneficiary') return client.isSpouseBeneficiary;
  return client.isSpousePoa[choice.replace('is_spouse_poa_', '') as PoaType];
}

type Props = {
  choice: SpouseChoice;
  /** The question for one client: (client's name, spouse's name) => text. */
  question: (name: string, spouse: string) => string;
};

/**
 * A per-client Yes/No about the spouse ('surviving trustor receives all', 'spouse is primary agent'),
 * shown only for a married household: one question per client, each saved for that client as soon as it
 * is answered.
 */
export function SpouseChoices({ choice, question }: Props) {
  const { view, canEdit } = useIntake();
  if (!view.spouse) return null;
  // Someone who may not edit gets the answers as text, without a form per question (a form costs its
  // render: the review and a submitted intake show many of them).
  const Choice = canEdit ? SpouseChoiceForm : SpouseChoiceAnswer;
  const pairs: [ClientView, ClientView][] = [
    [view.client, view.spouse],
    [view.spouse, view.client],
  ];
  return (
    <div className={styles.choices}>
      {pairs.map(([client, other]) => (
        <Choice key={client.hash} client={client} choice={choice} label={question(nameOf(client.person), nameOf(other.person))} />
      ))}
    </div>
  );
}

type ChoiceProps = { client: ClientView; choice: SpouseChoice; label: string };

function SpouseChoiceAnswer({ client, choice, label }: ChoiceProps) {
  const stored = spouseChoiceOf(client, choice);
  return (
    <div className={styles.readOnly}>
      <p className={styles.question}>{label}</p>
      <p className={styles.answer}>{stored === null ? <Unanswered /> : stored ? 'Yes' : 'No'}</p>
    </div>
  );
}

function SpouseChoiceForm({ client, choice, label }: ChoiceProps) {
  const { run } = useIntake();
  const stored = spouseChoiceOf(client, choice);
  const { form, submit, saving } = useActionForm({
    schema: setSpouseChoiceSchema,
    defaults: { client_hash: client.hash, version: client.version, [choice]: stored },
    action: (values) => run(() => setSpouseChoiceAction(values)),
    // A refused save shows the stored answer again.
    onFailure: () => form.reset(),
  });

  // Each save of this client (here or elsewhere on the page) brings a new version: the form takes it and
  // the stored answer in place, so the focus stays on the radio just answered.
  useEffect(() => {
    form.reset({ client_hash: client.hash, version: client.version, [choice]: stored });
  }, [form, client.hash, client.version, choice, stored]);

  // Saved as soon as it is answered: a change by the person submits the form.
  useEffect(() => {
    const subscription = form.watch((_values, { name, type }) => {
      if (name === choice && type === 'change') void submit();
    });
    return () => subscription.unsubscribe();
  }, [form, submit, choice]);

  return (
    <Form form={form} onSubmit={submit} aria-label={label} className={styles.form}>
      <YesNoField name={choice} label={label} disabled={saving} />
    </Form>
  );
}
