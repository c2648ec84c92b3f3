import { MAIN_CONTENT_ID } from '@/components/shell/header-view';
import { NewClientForm } from './new-client-form';
import styles from './new-client.module.css';

/** The New Client page's frame around its form. */
export function NewClientScreen(props: { advisorHash: string; advisorName: string; isOwn: boolean }) {
  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <h1>New Client</h1>
      <NewClientForm {...props} />
    </main>
  );
}
