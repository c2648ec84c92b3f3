'use client';

import { Button } from '@/components/ui/button';

/** Prints the page (a receipt): the print stylesheet leaves the page's own content only. */
export function PrintButton({ label = 'Print' }: { label?: string }) {
  return (
    <Button variant="secondary" onClick={() => window.print()}>
      {label}
    </Button>
  );
}
