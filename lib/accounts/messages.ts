/**
 * Texts of the create-account flow, shared by the domain function, the legacy route and the form. A taken
 * email is answered like a new account and its owner mailed instead (lib/mail/templates/sign-up.ts); this
 * text is left only for two sign-ups with one new email that collide twice in a row.
 */
export const EMAIL_TAKEN = 'An account with this email already exists.';
export const ACCOUNT_CREATED = 'Account created successfully.';
export const DISCOUNT_APPLIED = 'Discounts will be applied to your services.';

/** The success text: the spec's sentence, plus the discount one for sign-ups through a known advisor link. */
export function accountCreatedMessage(result: { discounted: boolean }): string {
  return result.discounted ? `${ACCOUNT_CREATED} ${DISCOUNT_APPLIED}` : ACCOUNT_CREATED;
}
export const SIGNUPS_THROTTLED = 'Too many accounts have been created from your network. Please try again later.';
