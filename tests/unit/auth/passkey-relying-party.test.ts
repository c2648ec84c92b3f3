import { challengeOfClientData, relyingPartyOf } from '@/lib/auth/second-factor/relying-party';

const clientData = (data: unknown) => Buffer.from(JSON.stringify(data)).toString('base64url');

describe('the relying party (issue 31)', () => {
  it('is the configured address: its host name as the ID, its origin as the origin', () => {
    expect(relyingPartyOf('https://app.trustwell.example/some/path', 'Trustwell')).toEqual({
      id: 'app.trustwell.example',
      origin: 'https://app.trustwell.example',
      name: 'Trustwell',
    });
    expect(relyingPartyOf('http://localhost:3250', 'Trustwell')).toEqual({ id: 'localhost', origin: 'http://localhost:3250', name: 'Trustwell' });
  });
});

describe('the challenge a response carries', () => {
  const challenge = Buffer.alloc(32, 5).toString('base64url');
  it('is read from clientDataJSON', () => {
    expect(challengeOfClientData(clientData({ type: 'webauthn.get', challenge, origin: 'http://localhost:3000' }))).toBe(challenge);
  });
  it('is null for anything that is not one', () => {
    expect(challengeOfClientData(undefined)).toBeNull();
    expect(challengeOfClientData('not base64 json')).toBeNull();
    expect(challengeOfClientData(clientData(null))).toBeNull();
    expect(challengeOfClientData(clientData({ challenge: 'short' }))).toBeNull();
    expect(challengeOfClientData(clientData({ challenge: 'has spaces in it, not base64url' }))).toBeNull();
    expect(challengeOfClientData('A'.repeat(5000))).toBeNull();
  });
});
