import { landingPathFor, safeNextPath } from '@/lib/auth/landing';

const none = { isClient: false, isAdmin: false, isLegal: false, isAdvisory: false };

describe('landing after sign-in', () => {
  it.each([
    [{ ...none, isClient: true }, '/client-info'],
    [{ ...none, isAdvisory: true }, '/dashboard'],
    [{ ...none, isLegal: true }, '/dashboard'],
    [{ ...none, isAdmin: true }, '/dashboard'],
    [{ ...none, isAdmin: true, isClient: true }, '/dashboard'],
  ])('%p lands on %s', (actor, path) => {
    expect(landingPathFor(actor)).toBe(path);
  });

  it.each([
    ['/settings', '/settings'],
    ['/client-info/abc?x=1', '/client-info/abc?x=1'],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['/login', null],
    ['/api/user', null],
    [undefined, null],
  ])('next=%p → %p', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
