'use client';

import { useEffect, useRef } from 'react';
import { useMessage } from '@/components/ui/call-provider';

/**
 * The classic sign-in forms' error (a code in the address, turned into its fixed text by the page): shown
 * once in the Error dialog, then dropped from the address so a reload does not show it again.
 */
export function useErrorDialogOnce(error: string | undefined): void {
  const { showMessage } = useMessage();
  const shown = useRef(false);
  useEffect(() => {
    if (!error || shown.current) return;
    shown.current = true;
    void showMessage({ title: 'Error', message: error, tone: 'error' }).then(() => {
      const url = new URL(window.location.href);
      url.searchParams.delete('error');
      window.history.replaceState(null, '', url);
    });
  }, [error, showMessage]);
}
