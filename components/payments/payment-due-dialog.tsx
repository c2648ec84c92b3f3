'use client';

import { CheckboxField, useActionForm } from '@/components/forms';
import { Button } from '@/components/ui/button';
import { useMessage } from '@/components/ui/call-provider';
import { Modal } from '@/components/ui/dialog';
import { FormProvider } from 'react-hook-form';
import { payTrustFeeAction } from '@/lib/actions/payments';
import type { AmountDueView } from '@/lib/billing/trust-fee';
import type { PayTrustFeeResult } from '@/lib/checkout/pay-trust-fee';
import type { ActionResult } from '@/lib/http/result';
import type { IntakeView } from '@/lib/intake/types';
import { formatUsd } from '@/lib/money';
import { payTrustFeeHostedFormSchema, payTrustFeeSchema } from '@/lib/validation/payments';
import { SUBMITTED_MESSAGE } from '@/lib/validation/plans';
import { useHostedFields, withHostedToken } from './hosted-fields';
import { EMPTY_CARD, PaymentMethodFields, SandboxLabel } from './payment-method-fields';
import styles from './payments.module.css';

export const PAYMENT_DUE_TITLE = 'Payment Due';

type Acknowledgement = { client_hash: string; statements: (1 | 2 | 3)[] };

/**
 * The Payment Due modal (platform §2, §3): after the Agreement, the amount due now and the annual
 * recurring charge (from one year from today), a card or bank form and 'Save this method'. When nothing
 * is due now (a fee the advisor covers) the method is verified with $0.01 (voided) and kept for the annual
 * charge. Success: 'Payment Successful! …', then the submission's message; a refusal shows the gateway's
 * reason and submits nothing (the plan stays Ready for Payment).
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
  const setup = fee.paymentStep === 'setup';
  const hosted = useHostedFields(fee.paymentForm);
  const { form, submit, saving } = useActionForm({
    // With LawPay's hosted fields the form holds no numbers; the token joins the method after the gateway made it.
    schema: (hosted ? payTrustFeeHostedFormSchema : payTrustFeeSchema) as typeof payTrustFeeSchema,
    defaults: { client_hash: clientHash, acknowledgements, save_method: false, method: { ...EMPTY_CARD } },
    action: async (values) => {
      const tokenized = await withHostedToken(hosted, values.method);
      if (!tokenized.ok) return tokenized;
      let paid: PayTrustFeeResult | null = null;
      const result = await run(async () => {
        const answer = await payTrustFeeAction({
          ...values,
          method: tokenized.method,
          client_hash: clientHash,
          acknowledgements,
          save_method: setup || values.save_method,
        });
        if (!answer.ok) return answer;
        paid = answer.data;
        return { ok: true, data: answer.data.view };
      });
      return result.ok && paid ? { ok: true as const, data: paid as PayTrustFeeResult } : (result as Extract<ActionResult<never>, { ok: false }>);
    },
    onSuccess: async (data) => {
      onSubmitted();
      await showMessage({ title: 'Payment Successful!', message: data.message, tone: 'success' });
      await showMessage({ title: 'Trust Submitted', message: SUBMITTED_MESSAGE, tone: 'success' });
    },
  });

  return (
    <Modal
      open={open}
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
        <dl className={styles.figures}>
          <dt>Due now</dt>
          <dd data-testid="amount-due">{formatUsd(fee.amountDue)}</dd>
          {fee.amountWaived !== '0.00' ? (
            <>
              <dt>{fee.waived ? 'Covered by your advisor' : 'Advisor discount'}</dt>
              <dd>−{formatUsd(fee.amountWaived)}</dd>
            </>
          ) : null}
          <dt>Annual charge for amendments and revisions</dt>
          <dd data-testid="amount-recurring">{formatUsd(fee.amountRecurring)}</dd>
        </dl>
        <p className={styles.note}>
          The annual charge of {formatUsd(fee.amountRecurring)} starts one year from today, on {fee.recurringStartsOn}, with a saved payment method.
          {setup ? ' Nothing is due now: a $0.01 charge verifies your payment method and is voided at once.' : ''}
        </p>
        <PaymentMethodFields disabled={saving} hosted={hosted} />
        {setup ? (
          <p className={styles.note}>This payment method is saved for the annual charge.</p>
        ) : (
          <CheckboxField name="save_method" label="Save this method for the annual charge" disabled={saving} />
        )}
      </FormProvider>
    </Modal>
  );
}
