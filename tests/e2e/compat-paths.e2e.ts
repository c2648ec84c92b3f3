import { baseUrl } from './helpers/browser';

/*
 * Paths of the earlier front end that the app serves through next.config.mjs rewrites rather than a folder of
 * their own: checked against the built server, where the rewrites run (integration tests call route modules
 * directly and never see them). A guest is refused by the route itself (401 with a message), so a 401 proves
 * that the path reached the route; an unrouted path would answer 404.
 */
describe('compatibility paths served through rewrites', () => {
  it.each(['/api/ClientInfo/updateClientInfo', '/api/clientInfo/updateClientInfo'])('POST %s reaches the client record route', async (path) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ hash: 'x', is_spouse_beneficiary: 1 }),
    });
    expect(res.status).toBe(401);
    await expect(res.json()).resolves.toEqual({ message: expect.any(String) });
  });

  it('an unknown path next to it is a 404', async () => {
    const res = await fetch(`${baseUrl}/api/ClientInfo/notACall`, { method: 'POST', headers: { origin: baseUrl } });
    expect(res.status).toBe(404);
  });
});
