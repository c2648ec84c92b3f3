import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { StatusPage, statusLinkClass } from '@/components/shell/status-page';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

/**
 * Any unknown address, and any record the visitor may not open (an out-of-scope hash answers exactly like
 * a missing one, so nobody learns that a record exists).
 */
export default function NotFound() {
  return (
    <StatusPage
      code="404"
      title="We couldn't find that page"
      actions={
        <Link href="/" className={statusLinkClass.primary}>
          Go to the home page
        </Link>
      }
    >
      <p>The address may be mistyped, or the record it points to is not available to your account.</p>
    </StatusPage>
  );
}
