import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

type Env = Record<string, string | undefined>;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether `candidate` (the last part of the webhook's URL) is LAWPAY_WEBHOOK_SECRET. Unset or blank, no
 * candidate is. Compared as SHA-256 digests with timingSafeEqual, so neither the time taken nor a length
 * check tells a caller how much of a guess was right.
 */
export function isLawpayWebhookSecret(candidate: unknown, env: Env = process.env): boolean {
  const secret = env.LAWPAY_WEBHOOK_SECRET?.trim();
  if (!secret || typeof candidate !== 'string') return false;
  return timingSafeEqual(digest(candidate), digest(secret));
}
