import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * The app's links: next/link's client-side navigation, without prefetching unless a link asks for it.
 *
 * next/link prefetches every link that scrolls into view, and every page here is rendered per request for
 * its user: the dashboard's 25 rows, its filters, sorts and pager and the header made about 40 background
 * requests per dashboard view, each 5 to 8 ms of the server's CPU (a third of the page's own render), and
 * they came again after a refresh. A prefetch of a dynamic page without a loading boundary brings only the
 * route's tree, so the click fetches the page anyway: what it saves is one small round trip (measured in
 * docs/performance.md, "Prefetching"). `prefetch` given explicitly still wins.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
