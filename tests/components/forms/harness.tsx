import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { Form, useActionForm } from '@/components/forms';
import type { UseActionFormOptions } from '@/components/forms';
import { CallProvider } from '@/components/ui/call-provider';
import type { ActionResult } from '@/lib/http/result';

/** A form of the kit around the given fields, with a Save button; `action` receives the parsed values. */
type KitFormProps = Partial<UseActionFormOptions<z.ZodObject, unknown>> & {
  schema: z.ZodObject;
  defaults: Record<string, unknown>;
  children: ReactNode;
};

export function KitForm({ children, ...options }: KitFormProps) {
  const { form, submit, saving } = useActionForm({
    action: async () => ({ ok: true, data: null }),
    ...options,
  } as UseActionFormOptions<z.ZodObject, unknown>);
  return (
    <Form form={form} onSubmit={submit} aria-label="Test form">
      {children}
      <button type="submit" disabled={saving}>
        Save
      </button>
      <button type="button">Elsewhere</button>
    </Form>
  );
}

/** Renders a KitForm inside the CallProvider; returns the user and the action mock. */
export function renderKit(props: Omit<KitFormProps, 'action'> & { action?: jest.Mock<Promise<ActionResult<unknown>>> }) {
  const action: jest.Mock<Promise<ActionResult<unknown>>> = props.action ?? jest.fn(async () => ({ ok: true as const, data: null }));
  const user = userEvent.setup();
  const utils = render(
    <CallProvider>
      <KitForm {...props} action={action} />
    </CallProvider>,
  );
  return { user, action, ...utils };
}
