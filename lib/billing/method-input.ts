import type { MethodInput, MethodSummary } from '@/lib/payments/types';
import type { PaymentMethodInput } from '@/lib/validation/payments';

/** A form's or a legacy call's card or bank fields as the gateway's input (passed straight on, never kept). */
export function toMethodInput(method: PaymentMethodInput): MethodInput {
  // The hosted fields' token already carries what the form sent the gateway with it (expiry, name, address).
  if (method.token !== undefined) return { type: 'token', kind: method.charge_type, token: method.token };
  // Without a token the schema (numbersOrToken) has required the numbers.
  if (method.charge_type === 'bank') {
    return { type: 'bank', routingNumber: method.routing_number!, accountNumber: method.account_number!, accountType: method.account_type, name: method.name };
  }
  const [month, year] = method.expiry.split('/');
  return {
    type: 'card',
    number: method.card_number!,
    expMonth: Number(month),
    expYear: 2000 + Number(year),
    cvv: method.cvv,
    name: method.name,
    address1: method.street,
    city: method.city,
    state: method.state,
    postalCode: method.zip,
  };
}

/** How a receipt or a page names a method: 'Visa ending in 4242', 'checking account ending in 6789'. */
export function describeMethod(method: Pick<MethodSummary, 'kind' | 'brand' | 'last4' | 'bankAccountType'>): string {
  if (method.kind === 'bank') return `${method.bankAccountType ?? 'bank'} account ending in ${method.last4 ?? '????'}`;
  return `${method.brand ?? 'Card'} ending in ${method.last4 ?? '????'}`;
}
