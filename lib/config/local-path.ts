import { siteConfig } from './site';

// C0 controls, DEL and the C1 range: browsers drop tabs and newlines inside URLs ("/\t/evil.com" becomes
// "//evil.com", another host), so any of them makes a target unusable.
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// The same characters (and the backslash) percent-encoded, which some servers and proxies decode again.
const ENCODED_TROUBLE = /%(?:[01][0-9a-f]|7f|5c)/i;

/**
 * A path on this site, or null: no control characters, no backslash (browsers read it as a slash), only a
 * site-relative path, and after resolving against the site URL the same origin. Returns the normalised
 * path (path, query, hash). Every redirect the app answers goes through this (lib/http/redirect.ts).
 */
export function localPath(target: unknown, siteUrl: string = siteConfig.baseUrl): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return null;
  if (CONTROL.test(target) || target.includes('\\') || ENCODED_TROUBLE.test(target)) return null;
  // Only site-relative paths: "//host" is protocol-relative and schemes (javascript:, https:) are other places.
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  let resolved: URL;
  try {
    resolved = new URL(target, siteUrl);
  } catch {
    return null;
  }
  if (resolved.origin !== new URL(siteUrl).origin) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
