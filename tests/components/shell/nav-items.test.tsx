import { navItemsFor, type NavActor } from '@/components/shell/nav-items';

const admin = { name: 'Ada Admin' };

// Only the fields the navigation reads; the role flags are listed for readability.
type Case = NavActor & { role: string; isAdmin?: boolean; isLegal?: boolean; isAdvisor?: boolean };

const cases: Array<[string, Case | null, string[]]> = [
  ['guest', null, ['Home /', 'Trust /trust', 'About Us /', 'Contact Us /', 'Login /login']],
  [
    'client',
    { role: 'client', isClient: true, impersonator: null },
    ['My Info /client-info', 'Activity /activity', 'Trust /trust', 'About Us /', 'Contact Us /', 'Settings /settings', 'Logout /logout'],
  ],
  [
    'advisor',
    { role: 'advisor', isClient: false, isAdvisor: true, impersonator: null },
    ['Dashboard /dashboard', 'Trust /trust', 'About Us /', 'Contact Us /', 'Settings /settings', 'Logout /logout'],
  ],
  [
    'admin',
    { role: 'admin', isClient: false, isAdmin: true, impersonator: null },
    ['Dashboard /dashboard', 'Trust /trust', 'About Us /', 'Contact Us /', 'Settings /settings', 'Logout /logout'],
  ],
  [
    'legal',
    { role: 'legal', isClient: false, isLegal: true, impersonator: null },
    ['Dashboard /dashboard', 'Trust /trust', 'About Us /', 'Contact Us /', 'Settings /settings', 'Logout /logout'],
  ],
  [
    'admin impersonating an advisor',
    { role: 'advisor', isClient: false, isAdvisor: true, impersonator: admin },
    ['Dashboard /dashboard', 'Trust /trust', 'About Us /', 'Contact Us /'],
  ],
  ['admin acting as a client', { role: 'client', isClient: true, impersonator: admin }, ['Trust /trust', 'About Us /', 'Contact Us /']],
];

describe('navItemsFor', () => {
  it.each(cases)('%s', (_name, actor, expected) => {
    expect(navItemsFor(actor).map((i) => `${i.label} ${i.href}`)).toEqual(expected);
  });

  it('never prefetches logout, and prefetches everything else', () => {
    const items = navItemsFor({ isClient: false, impersonator: null });
    expect(items.filter((i) => !i.routed).map((i) => i.key)).toEqual(['logout']);
  });

  it('gives every item a unique key (About Us and Contact Us share the same address)', () => {
    for (const [, actor] of cases) {
      const keys = navItemsFor(actor).map((i) => i.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
