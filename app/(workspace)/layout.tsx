import type { ReactNode } from 'react';
import { CallProvider } from '@/components/ui/call-provider';

/**
 * Pages where people act (sign in, join, settings, dashboards, intake) get the loading overlay, the
 * Error/confirmation dialogs and the non-blocking notices (the CallProvider mounts the NoticeProvider). Public pages (home, trust) don't, which keeps their JavaScript small.
 */
export default function WorkspaceLayout({ children }: { children: ReactNode }) {
  return <CallProvider>{children}</CallProvider>;
}
