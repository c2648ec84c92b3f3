'use client';

import type { ReactNode } from 'react';
import { usePathname } from 'next/navigation';

/**
 * Renders its (server-rendered) children except on the listed paths. The path is known during
 * server rendering too, so hiding causes no layout shift.
 */
export function HideOnPaths({ paths, children }: { paths: readonly string[]; children: ReactNode }) {
  const pathname = usePathname();
  const current = pathname && pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (current && paths.includes(current)) return null;
  return <>{children}</>;
}
