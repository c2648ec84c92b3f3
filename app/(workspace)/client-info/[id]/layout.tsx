import type { ReactNode } from 'react';
import { FeatureLockGate } from '@/components/advisors/feature-lock-notice';
import { householdLock } from '@/lib/advisors/feature-lock';
import { getActor } from '@/lib/auth/actor';

/**
 * The features lock for the advisory side opening a household (advisor, staff, firm supervisor): the
 * household's advisor's lock within the actor's scope, with the warning one invoice before it. Attorneys
 * and admins are never locked; clients were checked by the parent layout.
 */
export default async function ClientInfoByIdLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const actor = await getActor();
  if (!actor || actor.isClient) return children;
  const { id } = await params;
  let address: string;
  try {
    address = decodeURIComponent(id);
  } catch {
    return children; // a malformed address: the page answers 404
  }
  const lock = await householdLock({ actor, ip: '', userAgent: '' }, address);
  return (
    <FeatureLockGate lock={lock} showWarning>
      {children}
    </FeatureLockGate>
  );
}
