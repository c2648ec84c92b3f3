// Where LawPay's hosted fields come from: read by the gateway (lib/payments/gateway.ts, for the browser's
// payment forms) and by the server (scripts/server.mjs, which allows that origin in the Content-Security-
// Policy). Plain CommonJS, with hosted-fields.d.cts beside it, so that scripts/server.mjs, next.config.mjs,
// the app's TypeScript and Jest (which does not load ES modules here) can all import it.
'use strict';

/**
 * AffiniPay's hosted fields library, version 1.5.3, with the SHA-384 digest AffiniPay publishes for it
 * (developers.8am.com, "Creating payment forms using hosted fields"): the browser refuses the script if a
 * single byte differs. A new version means a new URL and a new digest, together.
 */
const LAWPAY_HOSTED_FIELDS_SCRIPT = 'https://cdn.affinipay.com/hostedfields/1.5.3/fieldGen_1.5.3.js';
const LAWPAY_HOSTED_FIELDS_INTEGRITY = 'sha384-OInNoiApwwsc6xI2N+o4KHZ522+EmLGDTJFLwDEmuUum73mVEuytiQgy1/xpoEJO';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** What LawPay needs; with none of them set the sandbox is used (lib/payments/gateway.ts). */
const LAWPAY_ENV = ['LAWPAY_PUBLIC_KEY', 'LAWPAY_SECRET_KEY', 'LAWPAY_CARD_ACCOUNT_ID', 'LAWPAY_ACH_ACCOUNT_ID'];

/**
 * The hosted fields script while LawPay is configured (every LAWPAY_ENV variable set), else null.
 * LAWPAY_HOSTED_FIELDS_URL points it elsewhere: an https URL with LAWPAY_HOSTED_FIELDS_INTEGRITY (a newer
 * version), or a loopback address (a test's stand-in), whose digest may be left out.
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ src: string, integrity: string | null } | null}
 */
function hostedFieldsScript(env = process.env) {
  const value = (/** @type {string} */ name) => env[name]?.trim() || undefined;
  if (LAWPAY_ENV.some((name) => !value(name))) return null;
  const src = value('LAWPAY_HOSTED_FIELDS_URL');
  if (!src) return { src: LAWPAY_HOSTED_FIELDS_SCRIPT, integrity: LAWPAY_HOSTED_FIELDS_INTEGRITY };
  if (!URL.canParse(src)) throw new Error(`LAWPAY_HOSTED_FIELDS_URL is not a URL: "${src}"`);
  // Anywhere but this machine (a test's stand-in), the script must come over HTTPS with its digest.
  const { protocol, hostname } = new URL(src);
  const integrity = value('LAWPAY_HOSTED_FIELDS_INTEGRITY') ?? null;
  if (!LOOPBACK.has(hostname) && (protocol !== 'https:' || !integrity))
    throw new Error('LAWPAY_HOSTED_FIELDS_URL must be an https URL with LAWPAY_HOSTED_FIELDS_INTEGRITY set (only a loopback address may go without).');
  return { src, integrity };
}

/**
 * The origin the hosted fields' script and frames are served from, for the Content-Security-Policy; null
 * while LawPay is not configured (then the policy allows no payment origin at all).
 * @param {Record<string, string | undefined>} [env]
 * @returns {string | null}
 */
function hostedFieldsOrigin(env = process.env) {
  const script = hostedFieldsScript(env);
  return script ? new URL(script.src).origin : null;
}

module.exports = { LAWPAY_HOSTED_FIELDS_SCRIPT, LAWPAY_HOSTED_FIELDS_INTEGRITY, LAWPAY_ENV, hostedFieldsScript, hostedFieldsOrigin };
