import { landingPathFor, localPath, NO_ACCESS_PATH, safeRedirectPath } from '@/lib/auth/landing';
import { rolesOf, type RoleFlags } from '@/lib/kernel/roles';

const none: RoleFlags = { isClient: false, isAdmin: false, isLegal: false, isAdvisory: false, isAdvisor: false, isFirmSupervisor: false };
const SITE = 'https://app.trustwell.example';

describe('landing after sign-in', () => {
  it.each([
    [{ ...none, isClient: true }, '/client-info'],
    [{ ...none, isAdvisory: true, isAdvisor: true }, '/dashboard'],
    [{ ...none, isAdvisory: true }, '/dashboard'],
    [{ ...none, isLegal: true }, '/dashboard'],
    [{ ...none, isAdmin: true }, '/dashboard'],
    [{ ...none, isAdmin: true, isClient: true }, '/dashboard'],
    // A user whose client row was removed (no role at all) is told so, never bounced between homes.
    [none, NO_ACCESS_PATH],
    [{ ...none, isFirmSupervisor: true }, NO_ACCESS_PATH],
  ])('%p lands on %s', (flags, path) => {
    expect(landingPathFor({ roles: rolesOf(flags) })).toBe(path);
  });
});

describe('redirect targets', () => {
  it.each([
    ['/settings', '/settings'],
    ['/client-info/abc?x=1#top', '/client-info/abc?x=1#top'],
    ['/dashboard/../settings', '/settings'],
  ])('accepts the local path %p', (next, expected) => {
    expect(safeRedirectPath(next, SITE)).toBe(expected);
  });

  it.each([
    ['a tab (browsers drop it: //evil.com)', '/\t/evil.com'],
    ['a newline', '/\n/evil.com'],
    ['a carriage return', '/\r\n/evil.com'],
    ['a NUL', '/\u0000/evil.com'],
    ['a C1 control', '/\u0085/evil.com'],
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with more slashes', '///evil.com'],
    ['a backslash', '/\\evil.com'],
    ['backslashes only', '\\\\evil.com'],
    ['an encoded tab', '/%09/evil.com'],
    ['an encoded newline', '/%0a/evil.com'],
    ['an encoded backslash', '/%5cevil.com'],
    ['an absolute URL', 'https://evil.com/'],
    ['an absolute URL on this site', `${SITE}/settings`],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
    ['a relative path', 'settings'],
    ['empty', ''],
    ['not a string', 42],
    ['undefined', undefined],
    ['an array', ['/settings']],
  ])('refuses %s', (_case, next) => {
    expect(safeRedirectPath(next, SITE)).toBeNull();
    expect(localPath(next, SITE)).toBeNull();
  });

  it.each(['/login', '/login?next=/x', '/logout', '/api/user/update/name', '/API/x'])('does not land on %p after sign-in', (next) => {
    expect(safeRedirectPath(next, SITE)).toBeNull();
  });

  it('keeps login and logout as local paths for the app’s own redirects', () => {
    expect(localPath('/login?error=credentials', SITE)).toBe('/login?error=credentials');
    expect(localPath('/logout', SITE)).toBe('/logout');
  });

  it('refuses overlong targets', () => {
    expect(safeRedirectPath(`/${'a'.repeat(2100)}`, SITE)).toBeNull();
  });
});
