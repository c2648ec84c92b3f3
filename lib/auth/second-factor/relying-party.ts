/*
 * Who the site is to an authenticator (WebAuthn's "relying party", issue 31): its ID is the host name of the
 * site's configured address (NEXTAUTH_URL / SITE_URL, lib/config/site.ts), its origin that address's origin.
 * A passkey made for one host name works only there; browsers refuse an IP address as an ID, so the site
 * must be reached by a name (localhost counts, and is a secure context even over http).
 */

export type RelyingParty = { id: string; origin: string; name: string };

/** The relying party of a site at `baseUrl`, called `name` in the browser's prompt. */
export function relyingPartyOf(baseUrl: string, name: string): RelyingParty {
  const url = new URL(baseUrl);
  return { id: url.hostname, origin: url.origin, name };
}

/** The challenge a ceremony's clientDataJSON carries (base64url), or null when it is not readable. */
export function challengeOfClientData(clientDataJSON: unknown): string | null {
  if (typeof clientDataJSON !== 'string' || clientDataJSON.length > 4096) return null;
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}
