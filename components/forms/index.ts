export * from './fields';
export { Form } from './form';
export type { FormProps } from './form';
export { applyServerErrors, useActionForm } from './use-action-form';
export type { ActionForm, ActionFormMethods, FormSchema, PrecheckProblem, SuccessContext, UseActionFormOptions } from './use-action-form';
