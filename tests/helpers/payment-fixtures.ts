/*
 * The sandbox's test cards as the payment forms send them (`approveCard`, `declineCard`) and as the earlier
 * front end's calls do (`legacyCard`: expiry as exp_month and exp_year), for the payment tests.
 */
export const approveCard = {
  charge_type: 'card',
  name: 'Pat Payer',
  card_number: '4242 4242 4242 4242',
  expiry: '12/39',
  cvv: '123',
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};
export const declineCard = { ...approveCard, card_number: '4000 0000 0000 0002' };
export const legacyCard = {
  charge_type: 'card',
  name: 'Pat Payer',
  card_number: '4242 4242 4242 4242',
  exp_month: '12',
  exp_year: '2039',
  cvv: '123',
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

/** The refusal a promise ends in (an AppError's code, message and HTTP status); fails when it succeeds. */
export async function caught(promise: Promise<unknown>): Promise<{ code: string; message: string; status: number }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; status: number };
  }
  throw new Error('expected a refusal');
}
