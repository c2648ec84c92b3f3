/** Texts of the create-account flow, shared by the domain function, the legacy route and the form. */
export const EMAIL_TAKEN = 'An account with this email already exists.';
/**
 * A record an advisor created for this email waits for its owner, who is asked to join from the invitation's
 * link: the link proves the mailbox, a typed email does not (docs/decisions.md, "Takeover only with proof").
 */
export const INVITATION_WAITING = 'An invitation is waiting for this email. Please create your account from the link in your invitation email.';
export const ACCOUNT_CREATED = 'Account created successfully.';
export const DISCOUNT_APPLIED = 'Discounts will be applied to your services.';

/** The success text: the spec's sentence, plus the discount one for sign-ups through a known advisor link. */
export function accountCreatedMessage(result: { discounted: boolean }): string {
  return result.discounted ? `${ACCOUNT_CREATED} ${DISCOUNT_APPLIED}` : ACCOUNT_CREATED;
}
export const SIGNUPS_THROTTLED = 'Too many accounts have been created from your network. Please try again later.';
