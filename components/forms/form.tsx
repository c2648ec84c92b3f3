'use client';

import type { BaseSyntheticEvent, ComponentPropsWithRef } from 'react';
import { FormProvider } from 'react-hook-form';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

export type FormProps<T extends FieldValues> = Omit<ComponentPropsWithRef<'form'>, 'onSubmit'> & {
  /** The `form` of useActionForm; the kit's fields inside bind to it by name. */
  form: UseFormReturn<T, unknown, unknown>;
  /**
   * Usually useActionForm's `submit`. Without it Enter never submits (the password form, per the spec):
   * the save is then a button's click.
   */
  onSubmit?: (event?: BaseSyntheticEvent) => unknown;
};

/** A <form noValidate> that provides the form context to the kit's fields. */
export function Form<T extends FieldValues>({ form, onSubmit, children, ...rest }: FormProps<T>) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        {...rest}
        onSubmit={(event) => {
          if (onSubmit) void onSubmit(event);
          else event.preventDefault();
        }}
      >
        {children}
      </form>
    </FormProvider>
  );
}
