'use client';

import type { ReactNode } from 'react';
import { useReviewMode } from './review-mode';
import { ReviewScreen } from './review-screen';

/** The intake sections, or the review while it is open. */
export function ReviewSwitch({ children }: { children: ReactNode }) {
  const { reviewing } = useReviewMode();
  return reviewing ? <ReviewScreen /> : <>{children}</>;
}
