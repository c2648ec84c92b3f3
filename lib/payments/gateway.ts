import 'server-only';
import { PaymentConfigError } from './errors';
import { hostedFieldsScript, LAWPAY_ENV } from './hosted-fields.cjs';
import { LawPayGateway } from './lawpay-gateway';
import { SandboxGateway } from './sandbox-gateway';
import type { PaymentGateway } from './types';

type Env = Record<string, string | undefined>;

/** What LawPay needs; with none of them set the sandbox is used, with only some the app refuses to pay. */
export { LAWPAY_ENV };

/**
 * The one place the gateway is chosen: LawPay when all of LAWPAY_ENV are set (LAWPAY_API_URL and
 * LAWPAY_HOSTED_FIELDS_URL optionally point it elsewhere, for tests), otherwise the sandbox. A partial LawPay configuration throws rather than
 * fall back to the sandbox, which would look like taking payments while taking none.
 */
export function gatewayFromEnv(env: Env = process.env): PaymentGateway {
  const value = (name: string) => env[name]?.trim() || undefined;
  if (value('LAWPAY_ACCOUNT_ID')) {
    throw new PaymentConfigError('LAWPAY_ACCOUNT_ID is not read: set LAWPAY_CARD_ACCOUNT_ID (cards) and LAWPAY_ACH_ACCOUNT_ID (eCheck) instead.');
  }
  const missing = LAWPAY_ENV.filter((name) => !value(name));
  if (missing.length === LAWPAY_ENV.length) {
    const settle = value('PAYMENT_SANDBOX_SETTLE_SECONDS');
    const settleSeconds = settle === undefined ? 0 : Number(settle);
    if (!Number.isFinite(settleSeconds) || settleSeconds < 0)
      throw new PaymentConfigError(`PAYMENT_SANDBOX_SETTLE_SECONDS is not a number of seconds: "${settle}"`);
    return new SandboxGateway({ settleSeconds });
  }
  if (missing.length > 0) {
    throw new PaymentConfigError(`LawPay is partly configured: set ${missing.join(', ')} too, or none of ${LAWPAY_ENV.join(', ')} for the sandbox.`);
  }
  const apiUrl = value('LAWPAY_API_URL');
  if (apiUrl !== undefined && !URL.canParse(apiUrl)) throw new PaymentConfigError(`LAWPAY_API_URL is not a URL: "${apiUrl}"`);
  return new LawPayGateway({
    publicKey: value('LAWPAY_PUBLIC_KEY')!,
    secretKey: value('LAWPAY_SECRET_KEY')!,
    cardAccountId: value('LAWPAY_CARD_ACCOUNT_ID')!,
    achAccountId: value('LAWPAY_ACH_ACCOUNT_ID')!,
    apiUrl,
    hostedFields: hostedFieldsScript(env)!,
  });
}

const holder = globalThis as unknown as { __trustPaymentGateway?: PaymentGateway };

/** The application's gateway, from the environment on first use. */
export function getPaymentGateway(): PaymentGateway {
  holder.__trustPaymentGateway ??= gatewayFromEnv();
  return holder.__trustPaymentGateway;
}
