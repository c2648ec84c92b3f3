import { Link } from '@/components/ui/link';
import type { AdvisorSummary, TeamFirm } from '@/lib/advisors/dashboard';
import { FirmSecurity } from './firm-security';
import { listStateQuery } from '@/lib/advisors/rules';
import { Card } from '@/components/ui/card';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';

/**
 * My Team (firm supervisors): the firm's advisors with their households (a married couple is one, as in
 * the client list, which this count matches), each opening their clients; and the firms' sign-in rule
 * (issue 31: require an authenticator app of the firm's advisors).
 */
export function TeamSection({ team, selectedHash, firms = [] }: { team: AdvisorSummary[]; selectedHash: string | null; firms?: TeamFirm[] }) {
  return (
    <Card aria-labelledby="team-title">
      <h2 id="team-title">My Team</h2>
      <Table label="Advisors of my firm" responsive="stack" columnLabels={['Advisor', 'Households', 'Open']}>
        <THead>
          <tr>
            <Th>Advisor</Th>
            <Th align="right">Households</Th>
            <Th>
              <span className="visually-hidden">Open</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {team.map((a) => (
            <Tr key={a.hash}>
              <Td>{a.isOwn ? `${a.name} (you)` : a.name}</Td>
              <Td numeric>{a.householdCount.toLocaleString('en-US')}</Td>
              <Td>
                {a.hash === selectedHash ? (
                  <span aria-current="true">Showing</span>
                ) : (
                  <Link href={`/dashboard${listStateQuery({ advisor: a.hash })}`}>{a.isOwn ? 'View my clients' : `View ${a.name}'s clients`}</Link>
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {firms.length ? <FirmSecurity firms={firms} /> : null}
    </Card>
  );
}
