import { db } from '@/db';
import * as t from '@/db/schema';
import type { World } from '../../../helpers/world';
import { advisorHash, advisorTeam, every, owner1, uniqueEmail, type Entry, type Expectation, type Prepared } from '.';

// ---- Advisor workspace: the world's advisor (whose couple is the matrix household) ------------------------

/** Reading the advisor's data: attorneys too. */
const advisorRead: Expectation = { ...advisorTeam, legal: 200 };
const newClients = () => ({
  clients: [
    {
      first_name: 'Matrix',
      middle_name: '',
      last_name: 'Client',
      suffix: '',
      email: uniqueEmail(),
      mobile_phone: '5551234567',
      date_of_birth: '01/02/1970',
      social_security_number: '123-45-6789',
      gender: 'male',
    },
  ],
});
const legacyNewClients = (w: World) => ({
  client_count: 1,
  advisor_id: advisorHash(w),
  client_1_first_name: 'Matrix',
  client_1_last_name: 'Client',
  client_1_email: uniqueEmail(),
  client_1_mobile_phone: '(555) 123-4567',
});
/** An invite sent ten minutes ago, so it may be resent. */
const withOldInvite = async (w: World): Promise<Prepared> => {
  const [invite] = await db
    .insert(t.invites)
    .values({ advisorId: w.advisor.advisor.id, clientName: 'Matrix Invitee', clientEmail: uniqueEmail(), sentAt: new Date(Date.now() - 10 * 60 * 1000) })
    .returning();
  return { invite: invite.hash };
};

export const ADVISOR_WORKSPACE: Record<string, Entry> = {
  'action lib/actions/advisors.ts#createClientsAction': {
    permission: 'client.create',
    args: (w) => ({ input: { advisor_id: advisorHash(w), ...newClients() } }),
    expect: advisorTeam,
  },
  'action lib/actions/advisors.ts#sendInviteAction': {
    permission: 'invite.send',
    args: (w) => ({ input: { advisor_id: advisorHash(w), client_name: 'Matrix Invitee', client_email: uniqueEmail() } }),
    expect: advisorTeam,
  },
  'action lib/actions/advisors.ts#resendInviteAction': {
    permission: 'invite.send',
    prepare: withOldInvite,
    args: (_w, _r, p) => ({ input: { id: p.invite } }),
    expect: advisorTeam,
  },
  'action lib/actions/advisors.ts#listInvitesAction': {
    permission: 'invite.send',
    args: (w) => ({ input: { advisor_id: advisorHash(w) } }),
    expect: advisorTeam,
  },
  // A firm's second-factor rule (issue 31): its supervisor and admins; another firm's supervisor finds no such firm.
  'action lib/actions/advisors.ts#setFirmSecondFactorAction': {
    permission: 'firm.security.update',
    args: (w) => ({ input: { firm_id: w.firm.hash, required: true } }),
    expect: { ...every(403), guest: 401, firmSupervisor: 200, admin: 200, otherFirm: 404 },
  },
  'action lib/actions/advisors.ts#sendReminderAction': {
    permission: 'client.remind',
    args: (w) => ({ input: { client_hash: owner1(w) } }),
    expect: advisorTeam,
  },
  // The advisors overview's expansion (issue 20): attorneys and admins read any advisor's households; no one else.
  'action lib/actions/overview.ts#advisorClientsAction': {
    permission: 'advisors.list',
    args: (w) => ({ input: { advisor_id: advisorHash(w) } }),
    expect: { ...every(403), guest: 401, legal: 200, admin: 200 },
  },
  'POST /api/advisor/fetch': { permission: 'advisor.read', args: (w) => ({ body: { advisor_id: advisorHash(w) } }), expect: advisorRead },
  'POST /api/getInvites': { permission: 'invite.send', args: (w) => ({ body: { advisor_id: advisorHash(w) } }), expect: advisorTeam },
  'POST /api/sendInvite': {
    permission: 'invite.send',
    args: (w) => ({ body: { advisor_id: advisorHash(w), client_name: 'Matrix Invitee', client_email: uniqueEmail() } }),
    expect: advisorTeam,
  },
  'POST /api/resendInvite/[id]': {
    permission: 'invite.send',
    prepare: withOldInvite,
    args: (_w, _r, p) => ({ path: `/api/resendInvite/${p.invite}`, params: { id: p.invite! } }),
    expect: advisorTeam,
  },
  'POST /api/advisorCreateClient': { permission: 'client.create', args: (w) => ({ body: legacyNewClients(w) }), expect: advisorTeam },
};
