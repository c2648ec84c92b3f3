import { getActor } from '@/lib/auth/actor';
import { SiteHeaderView } from './header-view';

export { MAIN_CONTENT_ID } from './header-view';

/**
 * The site header, rendered by the root layout. Reads the session on the server; on routes that are
 * forced static (/trust) the session is unavailable, so those pages always show the guest links.
 */
export async function SiteHeader() {
  const actor = await getActor();
  return <SiteHeaderView actor={actor} />;
}

export default SiteHeader;
