import { getActor } from '@/lib/auth/actor';
import { SiteFooter } from './site-footer';

/**
 * The site footer for whoever is looking, rendered by the root layout. Its Get Started band is marketing for
 * visitors (issue 27): a signed-in page (a dashboard, the intake, the lock page) never shows it. Reads the
 * session as the header does (one cached lookup per request); forced-static /trust hides the band anyway.
 */
export async function VisitorFooter() {
  const actor = await getActor();
  return <SiteFooter showGetStarted={actor === null} />;
}
