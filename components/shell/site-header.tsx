import { getActor } from '@/lib/auth/actor';
import { unreadCountOnce } from '@/components/notifications/unread-count';
import { UNREAD_CAP } from '@/lib/notifications/inbox';
import { secondFactorState } from '@/lib/auth/second-factor/rules';
import { formatAppLongDate } from '@/lib/format/app-time';
import { SiteHeaderView } from './header-view';

export { MAIN_CONTENT_ID } from './header-view';

/**
 * The site header, rendered by the root layout. Reads the session on the server; on routes that are
 * forced static (/trust) the session is unavailable, so those pages always show the guest links.
 * A signed-in actor's bell costs one capped count of their unread notices per render
 * (shared with the inbox page's).
 */
export async function SiteHeader() {
  const actor = await getActor();
  const bell = actor ? { unread: await unreadCountOnce(actor.userId), cap: UNREAD_CAP } : null;
  // An admin or attorney without a second factor, in their grace period, is asked to set one up (issue 31).
  const graced = actor && !actor.impersonator && secondFactorState(actor, new Date()) === 'grace';
  const due = graced ? (actor.secondFactor?.dueAt ? formatAppLongDate(actor.secondFactor.dueAt) : null) : undefined;
  return <SiteHeaderView actor={actor} bell={bell} secondFactorDue={due} />;
}

export default SiteHeader;
