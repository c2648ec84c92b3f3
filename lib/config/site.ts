/**
 * Public facts about the site: its name, where it lives, and the firm behind it.
 * Server-side only (reads non-public env vars); pass values to client components as props.
 */

const DEFAULT_BASE_URL = 'http://localhost:3000';

/** Resolves the absolute origin used for canonical URLs, the sitemap and Open Graph. */
export function resolveBaseUrl(env: Record<string, string | undefined> = process.env): string {
  // SITE_URL names the public address explicitly; NEXTAUTH_URL is usually the same origin.
  const raw = env.SITE_URL?.trim() || env.NEXTAUTH_URL?.trim() || DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Fail at start-up rather than publish broken canonical links.
    throw new Error(`SITE_URL / NEXTAUTH_URL is not an absolute URL: "${raw}"`);
  }
  return url.origin;
}

export interface PostalAddress {
  organization: string;
  street: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
}

const firmAddress: PostalAddress = {
  organization: 'Trustwell Legal Services',
  street: '1200 Main Street, Suite 400',
  locality: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
};

export const siteConfig = {
  name: 'Trustwell',
  tagline: 'Online revocable living trusts, reviewed by attorneys',
  baseUrl: resolveBaseUrl(),
  address: firmAddress,
  supportEmail: process.env.SUPPORT_EMAIL?.trim() || 'support@trustwell.example',
} as const;

/** Joins a site-relative path onto the configured origin. */
export function absoluteUrl(path = '/'): string {
  return new URL(path, siteConfig.baseUrl).toString();
}

/** The address on one line, as a maps service expects it. */
export function addressOneLine(a: PostalAddress = firmAddress): string {
  return `${a.street}, ${a.locality}, ${a.region} ${a.postalCode}`;
}

/** A maps search for the address (opens in the user's maps app or the web). */
export function mapsSearchUrl(a: PostalAddress = firmAddress): string {
  const query = encodeURIComponent(`${a.organization}, ${addressOneLine(a)}`);
  return `https://www.google.com/maps/search/?api=1&query=${query}`;
}
