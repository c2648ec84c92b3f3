import { clientAddress, clientPlace, PEER_HEADER, trustedProxyHops } from '@/lib/http/request';

const headers = (values: Record<string, string>) => new Headers(values);

describe('client address', () => {
  it('is the connection address when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress(headers({ [PEER_HEADER]: '203.0.113.7', 'x-forwarded-for': '1.2.3.4' }), 0)).toBe('203.0.113.7');
    expect(clientAddress(headers({ [PEER_HEADER]: '203.0.113.7', 'x-forwarded-for': '1.2.3.4, 5.6.7.8', 'x-real-ip': '9.9.9.9' }), 0)).toBe('203.0.113.7');
  });

  it.each([
    // One proxy appends the client's address: the rightmost entry; anything left of it was sent by the client.
    [1, '6.6.6.6, 198.51.100.4', '10.0.0.2', '198.51.100.4'],
    [1, '198.51.100.4', '10.0.0.2', '198.51.100.4'],
    // Two proxies (a CDN, then a load balancer): two hops from the right.
    [2, '6.6.6.6, 198.51.100.4, 172.16.0.9', '10.0.0.2', '198.51.100.4'],
    // Fewer entries than hops: the leftmost there is (the request skipped a proxy).
    [2, '198.51.100.4', '10.0.0.2', '198.51.100.4'],
    [1, '', '10.0.0.2', '10.0.0.2'],
  ])('behind %i trusted proxies, X-Forwarded-For %p from %s is %s', (hops, xff, peer, expected) => {
    expect(clientAddress(headers({ [PEER_HEADER]: peer, 'x-forwarded-for': xff }), hops)).toBe(expected);
  });

  it('is "unknown" without the header scripts/server.mjs sets (a bare next start cannot tell)', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': '1.2.3.4' }), 0)).toBe('unknown');
    expect(clientAddress(headers({ 'x-forwarded-for': '1.2.3.4' }), 1)).toBe('unknown');
  });

  it('counts IPv4 clients of a dual-stack socket by their IPv4 address', () => {
    expect(clientAddress(headers({ [PEER_HEADER]: '::ffff:203.0.113.7' }), 0)).toBe('203.0.113.7');
    expect(clientAddress(headers({ [PEER_HEADER]: '2001:db8::1' }), 0)).toBe('2001:db8::1');
  });

  it('reads TRUSTED_PROXY_HOPS, defaulting to no proxy', () => {
    expect(trustedProxyHops({})).toBe(0);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: '2' })).toBe(2);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: '-1' })).toBe(0);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: 'lots' })).toBe(0);
  });
});

describe('clientPlace: near where, from a trusted proxy’s location headers (issue 31)', () => {
  const behind = (provider: string) => ({ TRUSTED_PROXY_HOPS: '1', PROXY_PLACE_HEADERS: provider });
  const headers = (h: Record<string, string>) => new Headers(h);

  it('reads Cloudflare’s, Vercel’s and CloudFront’s headers, the country by its English name', () => {
    expect(clientPlace(headers({ 'cf-ipcity': 'Austin', 'cf-region': 'Texas', 'cf-ipcountry': 'US' }), behind('cloudflare'))).toBe(
      'Austin, Texas, United States',
    );
    expect(
      clientPlace(headers({ 'x-vercel-ip-city': 'S%C3%A3o%20Paulo', 'x-vercel-ip-country-region': 'SP', 'x-vercel-ip-country': 'BR' }), behind('Vercel')),
    ).toBe('São Paulo, SP, Brazil');
    expect(
      clientPlace(
        headers({ 'cloudfront-viewer-city': 'Toronto', 'cloudfront-viewer-country-region-name': 'Ontario', 'cloudfront-viewer-country': 'CA' }),
        behind('cloudfront'),
      ),
    ).toBe('Toronto, Ontario, Canada');
    expect(clientPlace(headers({ 'cf-ipcountry': 'DE' }), behind('cloudflare'))).toBe('Germany');
  });

  it('reads nothing without a trusted proxy, or for a provider not named, or one the app does not know', () => {
    const h = headers({ 'cf-ipcity': 'Austin', 'cf-ipcountry': 'US' });
    expect(clientPlace(h, { PROXY_PLACE_HEADERS: 'cloudflare' })).toBeNull();
    expect(clientPlace(h, { TRUSTED_PROXY_HOPS: '1' })).toBeNull();
    expect(clientPlace(h, behind('vercel'))).toBeNull();
    expect(clientPlace(h, behind('somecdn'))).toBeNull();
  });

  it('says nothing of unknown or Tor countries, and keeps only printable, short parts', () => {
    expect(clientPlace(headers({ 'cf-ipcountry': 'XX' }), behind('cloudflare'))).toBeNull();
    expect(clientPlace(headers({ 'cf-ipcountry': 'T1' }), behind('cloudflare'))).toBeNull();
    expect(clientPlace(headers({ 'cf-ipcity': '<script>Austin</script>', 'cf-ipcountry': 'us' }), behind('cloudflare'))).toBe(
      'scriptAustinscript, United States',
    );
    expect(clientPlace(headers({ 'cf-ipcity': 'A'.repeat(200) }), behind('cloudflare'))).toBe('A'.repeat(60));
    expect(clientPlace(headers({ 'x-vercel-ip-city': '%E0%A4%A' }), behind('vercel'))).toBe('E0A4A');
  });
});
