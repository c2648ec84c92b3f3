'use client';

import { Link } from '@/components/ui/link';
import { useEffect } from 'react';
import { StatusPage, statusLinkClass } from '@/components/shell/status-page';
import { Button } from '@/components/ui/button';

type Props = { error: Error & { digest?: string }; reset: () => void };

/**
 * A page that failed to render. The detail stays in the server log (Next hands the browser only a digest);
 * the visitor gets a plain sentence, the reference to quote to support, and a way to try again.
 */
export default function ErrorPage({ error, reset }: Props) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <StatusPage
      code="Error"
      title="Something went wrong"
      actions={
        <>
          <Button onClick={() => reset()}>Try again</Button>
          <Link href="/" className={statusLinkClass.secondary}>
            Go to the home page
          </Link>
        </>
      }
    >
      <p>This page could not be shown. Your saved information is safe; please try again in a moment.</p>
      {error.digest ? <p>Reference for support: {error.digest}</p> : null}
    </StatusPage>
  );
}
