import type { Actor } from '@/lib/kernel/actor';

export type NavKey = 'my-info' | 'activity' | 'dashboard' | 'home' | 'trust' | 'about' | 'contact' | 'settings' | 'logout' | 'login';

/** The part of the actor the navigation depends on (any full Actor satisfies it). */
export type NavActor = Pick<Actor, 'isClient'> & {
  impersonator: Pick<NonNullable<Actor['impersonator']>, 'name' | 'returnToName'> | null;
};

export interface NavItem {
  key: NavKey;
  label: string;
  href: string;
  /**
   * False for links that must never go through the router (no prefetch, no client-side transition, a
   * plain full navigation): following /logout ends the session, so fetching it ahead would sign the user out.
   */
  routed: boolean;
}

const item = (key: NavKey, label: string, href: string, routed = true): NavItem => ({
  key,
  label,
  href,
  routed,
});

/**
 * The header's links for a visitor (spec 2, Header). Pure, so the rules are tested as a table.
 * - My Info and Activity (issue 29): clients, not while impersonating.  Dashboard: signed-in non-clients.  Home: guests.
 * - Trust, About Us, Contact Us: everyone (the last two go to home).
 * - Settings and Logout: signed in and not impersonating.  Login: guests.
 */
export function navItemsFor(actor: NavActor | null): NavItem[] {
  if (!actor) {
    return [
      item('home', 'Home', '/'),
      item('trust', 'Trust', '/trust'),
      item('about', 'About Us', '/'),
      item('contact', 'Contact Us', '/'),
      item('login', 'Login', '/login'),
    ];
  }
  const impersonating = actor.impersonator !== null;
  const items: NavItem[] = [];
  if (actor.isClient) {
    if (!impersonating) items.push(item('my-info', 'My Info', '/client-info'), item('activity', 'Activity', '/activity'));
  } else {
    items.push(item('dashboard', 'Dashboard', '/dashboard'));
  }
  items.push(item('trust', 'Trust', '/trust'), item('about', 'About Us', '/'), item('contact', 'Contact Us', '/'));
  if (!impersonating) {
    items.push(item('settings', 'Settings', '/settings'), item('logout', 'Logout', '/logout', false));
  }
  return items;
}
