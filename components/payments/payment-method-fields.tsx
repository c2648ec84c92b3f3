'use client';

import { useController, useFormContext } from 'react-hook-form';
import {
  AccountNumberField,
  CardNumberField,
  CvvField,
  ExpiryField,
  NameField,
  RoutingNumberField,
  SelectField,
  StreetField,
  TextField,
  ZipField,
} from '@/components/forms';
import { Fieldset, Radio } from '@/components/ui/field';
import { CARD_EXPIRED_MESSAGE } from '@/lib/format/card';
import { SANDBOX_TEST_NUMBERS } from '@/lib/payments/sandbox-numbers';
import { STATE_CODES, US_STATES } from '@/lib/validation/lists';
import { HostedFieldSlots, type HostedFields } from './hosted-fields';
import styles from './payments.module.css';

/** The states for the billing address (the code stored, the name shown). */
const STATE_OPTIONS = STATE_CODES.map((code) => ({ value: code, label: US_STATES[code] })).sort((a, b) => a.label.localeCompare(b.label, 'en-US'));

/** The card fields, empty (the form's defaults when card is chosen). */
export const EMPTY_CARD = { charge_type: 'card', name: '', card_number: '', expiry: '', cvv: '', street: '', city: '', state: '', zip: '' } as const;
/** The bank fields, empty. */
export const EMPTY_BANK = { charge_type: 'bank', name: '', routing_number: '', account_number: '', account_type: 'checking' } as const;

/**
 * "Sandbox — no real money moves", shown on every payment form while the sandbox gateway is in use, with
 * the test numbers that approve, decline and expire (lib/payments/sandbox-numbers.ts): a newcomer can pay
 * the demo without reading the documentation.
 */
export function SandboxLabel({ label }: { label: string | null }) {
  if (!label) return null;
  return (
    <div className={styles.sandbox} role="note" aria-label="Sandbox test numbers">
      <p className={styles.sandboxTitle}>{label}</p>
      <ul className={styles.sandboxNumbers}>
        {SANDBOX_TEST_NUMBERS.map(({ what, number }) => (
          <li key={what}>
            {what}: <span className={styles.testNumber}>{number}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The card or bank form of every payment (platform §3, §5), bound to `method.*` of the surrounding form:
 * card number 4-4-4-4 (4-6-5 when it starts with 3), expiry MM/YY ('Card is expired'), CVV up to 4, ZIP 5;
 * routing 9 digits, account up to 17, checking or savings. With `hosted` (LawPay) the numbers are the
 * gateway's hosted fields instead of the app's inputs: they never reach this server.
 */
export function PaymentMethodFields({ disabled, hosted = null }: { disabled?: boolean; hosted?: HostedFields | null }) {
  const { setValue, setError, clearErrors, getFieldState } = useFormContext();
  const {
    field: { value: kind },
  } = useController({ name: 'method.charge_type' });
  const choose = (next: 'card' | 'bank') => {
    if (next === kind) return;
    setValue('method', next === 'card' ? { ...EMPTY_CARD } : { ...EMPTY_BANK }, { shouldDirty: true });
  };
  return (
    <>
      <Fieldset legend="Pay with" inline>
        <Radio label="Card" name="payment-kind" value="card" checked={kind === 'card'} disabled={disabled} onChange={() => choose('card')} />
        <Radio label="Bank account (eCheck)" name="payment-kind" value="bank" checked={kind === 'bank'} disabled={disabled} onChange={() => choose('bank')} />
      </Fieldset>
      {kind === 'card' ? (
        <div className={styles.grid} key="card">
          <NameField name="method.name" label="Name on card" required className={styles.wide} autoComplete="cc-name" />
          {hosted ? (
            <HostedFieldSlots hosted={hosted} kind="card" />
          ) : (
            <CardNumberField name="method.card_number" label="Card number" required className={styles.wide} />
          )}
          <ExpiryField
            name="method.expiry"
            label="Expiration (MM/YY)"
            required
            onExpired={() => setTimeout(() => setError('method.expiry', { type: 'expired', message: CARD_EXPIRED_MESSAGE }, { shouldFocus: false }), 0)}
            onRetype={() => getFieldState('method.expiry').error?.type === 'expired' && clearErrors('method.expiry')}
          />
          {hosted ? null : <CvvField name="method.cvv" label="CVV" required />}
          <StreetField name="method.street" label="Billing street" required className={styles.wide} autoComplete="address-line1" />
          <TextField name="method.city" label="City" required autoComplete="address-level2" />
          <SelectField name="method.state" label="State" required placeholder="Select…" options={STATE_OPTIONS} />
          <ZipField name="method.zip" label="ZIP" required />
        </div>
      ) : (
        <div className={styles.grid} key="bank">
          <NameField name="method.name" label="Account holder" required className={styles.wide} />
          {hosted ? (
            <HostedFieldSlots hosted={hosted} kind="bank" />
          ) : (
            <>
              <RoutingNumberField name="method.routing_number" label="Routing number" required />
              <AccountNumberField name="method.account_number" label="Account number" required />
            </>
          )}
          <SelectField
            name="method.account_type"
            label="Account type"
            required
            options={[
              { value: 'checking', label: 'Checking' },
              { value: 'savings', label: 'Savings' },
            ]}
          />
        </div>
      )}
    </>
  );
}
