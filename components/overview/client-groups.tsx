import { Link } from '@/components/ui/link';
import type { AdvisorClients } from '@/lib/overview/queries';
import { ClientGroup, type ClientGroupActions } from './client-group';
import { CLOSED, type UploadState } from './use-document-uploads';
import styles from './overview.module.css';

type ClientGroupsProps = ClientGroupActions & {
  data: AdvisorClients;
  openGroups: ReadonlySet<string>;
  uploads: Readonly<Record<string, UploadState>>;
  /** The anchor the tooltip is shown for, if any. */
  tipAnchor: string | null;
};

/** One advisor's households (the newest, with a link to all of them), each with its expandable document group. */
export function ClientGroups({ data, openGroups, uploads, tipAnchor, ...actions }: ClientGroupsProps) {
  if (!data.clients.length) return <p className={styles.muted}>{data.name} has no clients yet.</p>;
  return (
    <div className={styles.clients}>
      <h3 className={styles.clientsTitle}>
        {data.name}&apos;s clients
        {data.total > data.clients.length ? (
          <span className={styles.muted}>
            {' '}
            (the newest {data.clients.length} of {data.total}; <Link href={`/dashboard?advisor=${encodeURIComponent(data.advisorHash)}`}>see them all</Link>)
          </span>
        ) : null}
      </h3>
      <ul className={styles.clientList}>
        {data.clients.map((client) => (
          <ClientGroup
            key={client.hash}
            client={client}
            open={openGroups.has(client.hash)}
            upload={uploads[client.hash] ?? CLOSED}
            tipAnchor={tipAnchor}
            {...actions}
          />
        ))}
      </ul>
    </div>
  );
}
