'use client';

import { useEffect } from 'react';
import { Form, useActionForm, YesNoField } from '@/components/forms';
import { setHasChildrenAction } from '@/lib/actions/intake';
import { setHasChildrenSchema } from '@/lib/validation/intake';
import { useIntake } from '../intake-context';
import { Unanswered } from '../shared/unanswered';
import styles from './children.module.css';

export const HAS_CHILDREN_QUESTION = 'Do you have any children?';

/**
 * 'Do you have any children?' (issue 27), asked while nobody is on the list: No completes the section, Yes
 * leaves it to the list (adding a child answers Yes by itself). Saved as soon as it is answered, like the
 * spouse choices; someone who may not edit reads the answer.
 */
export function HasChildrenChoice() {
  const { view, canEdit } = useIntake();
  if (view.children.length > 0) return null;
  if (!canEdit) {
    return (
      <div className={styles.hasChildren}>
        <p className={styles.question}>{HAS_CHILDREN_QUESTION}</p>
        <p className={styles.answer}>{view.hasChildren === null ? <Unanswered /> : view.hasChildren ? 'Yes' : 'No'}</p>
      </div>
    );
  }
  return <HasChildrenForm />;
}

function HasChildrenForm() {
  const { view, run } = useIntake();
  const stored = view.hasChildren ?? undefined;
  const { form, submit, saving } = useActionForm({
    schema: setHasChildrenSchema,
    defaults: { client_hash: view.client.hash, has_children: stored },
    action: (values) => run(() => setHasChildrenAction(values)),
    // A refused save shows the stored answer again.
    onFailure: () => form.reset(),
  });

  // The stored answer comes back with every refreshed view (here or from another section's save).
  useEffect(() => {
    form.reset({ client_hash: view.client.hash, has_children: stored });
  }, [form, view.client.hash, stored]);

  // Saved as soon as it is answered: a change by the person submits the form.
  useEffect(() => {
    const subscription = form.watch((_values, { name, type }) => {
      if (name === 'has_children' && type === 'change') void submit();
    });
    return () => subscription.unsubscribe();
  }, [form, submit]);

  return (
    <Form form={form} onSubmit={submit} aria-label={HAS_CHILDREN_QUESTION} className={styles.hasChildren}>
      <YesNoField name="has_children" label={HAS_CHILDREN_QUESTION} disabled={saving} />
    </Form>
  );
}
