'use client';

import { useState } from 'react';
import { CheckboxField, useActionForm } from '@/components/forms';
import { Button } from '@/components/ui/button';
import { useMessage } from '@/components/ui/call-provider';
import { Modal, useModalExit } from '@/components/ui/dialog';
import { FormProvider } from 'react-hook-form';
import { payTrustFeeAction } from '@/lib/actions/payments';
import type { AmountDueView } from '@/lib/billing/trust-fee';
import type { PayTrustFeeResult } from '@/lib/checkout/pay-trust-fee';
import type { ActionResult } from '@/lib/http/result';
import type { IntakeView } from '@/lib/intake/types';
import { compareMoney, formatUsd } from '@/lib/money';
import { ANNUAL_CONSENT_MESSAGE, PAYMENT_SUCCESS_TITLE, payTrustFeeHostedFormSchema, payTrustFeeSchema } from '@/lib/validation/payments';
import { SUBMITTED_MESSAGE } from '@/lib/validation/plans';
import { useHostedFields, withHostedToken } from './hosted-fields';
import { EMPTY_CARD, PaymentMethodFields, SandboxLabel } from './payment-method-fields';
import styles from './payments.module.css';

export const PAYMENT_DUE_TITLE = 'Payment Due';

type Acknowledgement = { client_hash: string; statements: (1 | 2 | 3)[] };

/**
 * The Payment Due modal (platform §2, §3): after the Agreement, what is paid now (the price, the discount,
 * what is due, in that order), the annual recurring charge's terms (amount, first date, the saved method
 * it needs, how to cancel: automatic-renewal practice, said before anything is paid), a card or bank form,
 * and the consent to the annual charge (saving the method). When nothing is due now (a fee the advisor
 * covers) the method is verified with $0.01 (voided) and kept for the annual charge, so the consent is
 * required. Success: one dialog, 'Payment Successful!' with what was paid and the submission's message; a
 * refusal shows the gateway's reason and submits nothing (the plan stays Ready for Payment).
 */
export function PaymentDueDialog({
  open,
  fee,
  clientHash,
  acknowledgements,
  run,
  onClose,
  onSubmitted,
}: {
  open: boolean;
  fee: AmountDueView;
  clientHash: string;
  acknowledgements: Acknowledgement[];
  run: (action: () => Promise<ActionResult<IntakeView>>) => Promise<ActionResult<IntakeView>>;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const { showMessage } = useMessage();
  // Paid: the modal leaves before 'Payment Successful!' opens, whatever the parent does (never two at once).
  const [paid, setPaid] = useState(false);
  const exit = useModalExit();
  const setup = fee.paymentStep === 'setup';
  const annual = compareMoney(fee.amountRecurring, 0) > 0;
  // Nothing due now: the method is kept only for the annual charge, so saving it (the consent) is the step.
  const consentRequired = setup && annual;
  const hosted = useHostedFields(fee.paymentForm);
  const base = (hosted ? payTrustFeeHostedFormSchema : payTrustFeeSchema) as typeof payTrustFeeSchema;
  const { form, submit, saving } = useActionForm({
    // With LawPay's hosted fields the form holds no numbers; the token joins the method after the gateway made it.
    schema: consentRequired ? (base.refine((v) => v.save_method, { path: ['save_method'], message: ANNUAL_CONSENT_MESSAGE }) as unknown as typeof base) : base,
    defaults: { client_hash: clientHash, acknowledgements, save_method: false, method: { ...EMPTY_CARD } },
    action: async (values) => {
      const tokenized = await withHostedToken(hosted, values.method);
      if (!tokenized.ok) return tokenized;
      let paid: PayTrustFeeResult | null = null;
      const result = await run(async () => {
        const answer = await payTrustFeeAction({ ...values, method: tokenized.method, client_hash: clientHash, acknowledgements });
        if (!answer.ok) return answer;
        paid = answer.data;
        return { ok: true, data: answer.data.view };
      });
      return result.ok && paid ? { ok: true as const, data: paid as PayTrustFeeResult } : (result as Extract<ActionResult<never>, { ok: false }>);
    },
    onSuccess: async (data) => {
      const gone = exit.untilClosed();
      setPaid(true);
      await gone;
      onSubmitted();
      // One dialog, never two stacked, its title said once: what was paid, then that the trust went to the attorneys.
      const success = successMessage(data.message);
      await showMessage({
        title: success.title,
        message: (
          <>
            {success.message ? <p>{success.message}</p> : null}
            <p>{capitalize(SUBMITTED_MESSAGE)}</p>
          </>
        ),
        tone: 'success',
      });
    },
  });
  const startsOn = fee.recurringStartsOn;
  const yearly = formatUsd(fee.amountRecurring);

  return (
    <Modal
      open={open && !paid}
      onClosed={exit.onClosed}
      onOpenChange={(next) => !next && onClose()}
      title={PAYMENT_DUE_TITLE}
      size="lg"
      busy={saving}
      onSubmit={submit}
      footer={
        <div className={styles.actions}>
          <Button type="submit" disabled={saving}>
            {setup ? 'Verify and Submit' : `Pay ${formatUsd(fee.amountDue)} and Submit`}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
        </div>
      }
    >
      <FormProvider {...form}>
        <SandboxLabel label={fee.gatewayLabel} />
        <dl className={styles.figures} aria-label="What you pay now">
          <dt>Trust price</dt>
          <dd data-testid="amount-full">{formatUsd(fee.amountFull)}</dd>
          {compareMoney(fee.amountWaived, 0) > 0 ? (
            <>
              <dt>{fee.waived ? 'Covered by your advisor' : 'Advisor discount'}</dt>
              <dd>−{formatUsd(fee.amountWaived)}</dd>
            </>
          ) : null}
          {compareMoney(fee.amountPaid, 0) > 0 ? (
            <>
              <dt>Paid so far</dt>
              <dd>−{formatUsd(fee.amountPaid)}</dd>
            </>
          ) : null}
          <dt className={styles.total}>Due now</dt>
          <dd className={styles.total} data-testid="amount-due">
            {formatUsd(fee.amountDue)}
          </dd>
        </dl>
        {setup ? <p className={styles.note}>Nothing is due now: a $0.01 charge verifies your payment method and is voided at once.</p> : null}
        {annual ? (
          <section className={styles.terms} aria-labelledby="annual-terms-title">
            <h3 id="annual-terms-title">Annual charge for amendments and revisions</h3>
            <p data-testid="amount-recurring">
              {yearly} a year, first charged on {startsOn} and then every year on that date, to the payment method you save here, until you cancel. Without a
              saved method nothing is charged automatically. You can cancel at any time in Settings, under Payments.
            </p>
          </section>
        ) : null}
        <PaymentMethodFields disabled={saving} hosted={hosted} />
        {annual ? (
          <CheckboxField
            name="save_method"
            label={`Save this method and charge it ${yearly} a year from ${startsOn} for amendments and revisions, until I cancel`}
            disabled={saving}
          />
        ) : null}
      </FormProvider>
    </Modal>
  );
}

/**
 * 'Payment Successful! $995.00 was paid…' as a dialog: the spec's first words its title, the rest its text,
 * never the title twice (issue 27: 'Payment Successful! Payment Successful!'). A message that is only the
 * title has no text; one with other words keeps them all.
 */
export function successMessage(text: string): { title: string; message: string } {
  const trimmed = text.trim();
  let rest = trimmed;
  // However often the server's text repeats the title, it is said once, as the title.
  while (rest.startsWith(PAYMENT_SUCCESS_TITLE)) rest = rest.slice(PAYMENT_SUCCESS_TITLE.length).trimStart();
  return { title: PAYMENT_SUCCESS_TITLE, message: rest };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
