import type { ReactNode } from 'react';
import { FeatureLockGate } from '@/components/advisors/feature-lock-notice';
import { ownHouseholdLock } from '@/lib/advisors/feature-lock';
import { getActor } from '@/lib/auth/actor';

/**
 * The features lock for a client opening their own intake (/client-info, and /client-info/{hash}, which for
 * a client is always their own household): their advisor's lock. Non-clients are checked per address in
 * [id]/layout.tsx. Added by the advisor workspace (issue 11) so the intake pages stay untouched.
 */
export default async function ClientInfoLayout({ children }: { children: ReactNode }) {
  const actor = await getActor();
  if (!actor?.isClient) return children;
  const lock = await ownHouseholdLock({ actor, ip: '', userAgent: '' });
  // Clients see the lock, not the advisor's billing warning.
  return (
    <FeatureLockGate lock={lock} showWarning={false}>
      {children}
    </FeatureLockGate>
  );
}
