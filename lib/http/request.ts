/** The client's address as the nearest proxy reports it; "unknown" when there is none. */
export function clientAddress(source: Request | Headers): string {
  const headers = source instanceof Headers ? source : source.headers;
  const forwarded = headers.get('x-forwarded-for');
  return forwarded?.split(',')[0]?.trim() || headers.get('x-real-ip') || 'unknown';
}

/**
 * Whether a state-changing form post came from this site. Browsers send Origin on cross-site posts; when
 * neither Origin nor Referer is present (non-browser clients) the form token alone decides.
 */
export function isSameOrigin(request: Request): boolean {
  const source = request.headers.get('origin') ?? request.headers.get('referer');
  if (!source || source === 'null') return !request.headers.get('sec-fetch-site') || request.headers.get('sec-fetch-site') !== 'cross-site';
  try {
    const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
    return new URL(source).host === host;
  } catch {
    return false;
  }
}
