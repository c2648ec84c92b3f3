'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { CheckboxField, useActionForm } from '@/components/forms';
import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { Modal, useModalExit } from '@/components/ui/dialog';
import { useNotice } from '@/components/ui/notice';
import { FormProvider } from 'react-hook-form';
import { disableAutoPayAction, payBalanceAction, removeStoredPaymentMethodAction } from '@/lib/actions/payments';
import { formatUsd } from '@/lib/money';
import type { PaymentFormConfig } from '@/lib/payments/types';
import { payBalanceHostedFormSchema, payBalanceSchema } from '@/lib/validation/payments';
import { useHostedFields, withHostedToken } from './hosted-fields';
import { successMessage } from './payment-due-dialog';
import { EMPTY_CARD, PaymentMethodFields, SandboxLabel } from './payment-method-fields';
import styles from './payments.module.css';

export const PAY_BALANCE_LABEL = 'Pay Balance';
export const REMOVE_METHOD_LABEL = 'Remove Stored Payment Method';

/**
 * Outstanding Balance's Pay Balance: every open invoice at once, by card or bank, with 'Enable auto-pay'
 * (the method is kept and charges each new invoice). Success: 'Payment Successful! Your balance is paid
 * in full' (and 'auto-pay enabled'); the page reloads the advisor's data (the features lock lifts at once).
 */
export function PayBalance({
  advisorHash,
  outstanding,
  gatewayLabel,
  paymentForm,
  canKeepMethod,
}: {
  advisorHash: string;
  outstanding: string;
  gatewayLabel: string | null;
  paymentForm: PaymentFormConfig;
  canKeepMethod: boolean;
}) {
  const router = useRouter();
  const { showMessage } = useMessage();
  const [open, setOpen] = useState(false);
  const exit = useModalExit();
  const hosted = useHostedFields(paymentForm);
  const { form, submit, saving } = useActionForm({
    // With LawPay's hosted fields the form holds no numbers; the token joins the method after the gateway made it.
    schema: (hosted ? payBalanceHostedFormSchema : payBalanceSchema) as typeof payBalanceSchema,
    defaults: { advisor_id: advisorHash, enable_auto_pay: false, method: { ...EMPTY_CARD } },
    action: async (values) => {
      const tokenized = await withHostedToken(hosted, values.method);
      return tokenized.ok ? payBalanceAction({ ...values, method: tokenized.method, advisor_id: advisorHash }) : tokenized;
    },
    onSuccess: async (data) => {
      // The modal leaves first: 'Payment Successful!' never opens on top of it (issue 27).
      const gone = exit.untilClosed();
      setOpen(false);
      form.reset();
      router.refresh();
      await gone;
      const { title, message } = successMessage(data.message);
      await showMessage({ title, message: message || undefined, tone: 'success' });
    },
  });
  return (
    <>
      <Button onClick={() => setOpen(true)}>{PAY_BALANCE_LABEL}</Button>
      <Modal
        open={open}
        onClosed={exit.onClosed}
        onOpenChange={(next) => !next && (setOpen(false), form.reset())}
        title="Pay Outstanding Balance"
        size="lg"
        busy={saving}
        onSubmit={submit}
        footer={
          <div className={styles.actions}>
            <Button type="submit" disabled={saving}>
              Pay {formatUsd(outstanding)}
            </Button>
            <Button variant="secondary" onClick={() => (setOpen(false), form.reset())} disabled={saving}>
              Cancel
            </Button>
          </div>
        }
      >
        <FormProvider {...form}>
          <SandboxLabel label={gatewayLabel} />
          <dl className={styles.figures}>
            <dt>Outstanding balance</dt>
            <dd>{formatUsd(outstanding)}</dd>
          </dl>
          <PaymentMethodFields disabled={saving} hosted={hosted} />
          {canKeepMethod ? (
            <CheckboxField name="enable_auto_pay" label="Enable auto-pay: save this method and pay each new invoice with it" disabled={saving} />
          ) : (
            <p className={styles.note}>Auto-pay cannot be enabled while acting as another user.</p>
          )}
        </FormProvider>
      </Modal>
    </>
  );
}

/**
 * Disable Auto-Pay and Remove Stored Payment Method (the removal also disables auto-pay). Money settings
 * are their owner's: neither is offered while an admin acts as the advisor (the server refuses both). The
 * removal ends with the spec's 'Your stored payment method has been removed' dialog; disabling auto-pay,
 * which the spec does not name, with a non-blocking notice.
 */
export function AutoPayActions({
  advisorHash,
  isAutoPay,
  hasMethod,
  canChangeSettings,
}: {
  advisorHash: string;
  isAutoPay: boolean;
  hasMethod: boolean;
  canChangeSettings: boolean;
}) {
  const router = useRouter();
  const call = useCall();
  const { confirm, showMessage } = useMessage();
  const notify = useNotice();
  const disable = async () => {
    const result = await call(() => disableAutoPayAction({ advisor_id: advisorHash }));
    if (!result.ok) return;
    router.refresh();
    notify(result.data.message);
  };
  const remove = async () => {
    const ok = await confirm({ title: `${REMOVE_METHOD_LABEL}?`, message: 'Auto-pay will be disabled too.', confirmLabel: 'Remove', confirmVariant: 'danger' });
    if (!ok) return;
    const result = await call(() => removeStoredPaymentMethodAction({ advisor_id: advisorHash }));
    if (!result.ok) return;
    router.refresh();
    await showMessage({ title: result.data.message, tone: 'success' });
  };
  return (
    <div className={styles.actions}>
      {isAutoPay && canChangeSettings ? (
        <Button variant="secondary" onClick={disable}>
          Disable Auto-Pay
        </Button>
      ) : null}
      {hasMethod && canChangeSettings ? (
        <Button variant="secondary" onClick={remove}>
          {REMOVE_METHOD_LABEL}
        </Button>
      ) : null}
    </div>
  );
}
