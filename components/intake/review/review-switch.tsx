'use client';

import type { ReactNode } from 'react';
import { useReviewMode } from './review-mode';
import { ReviewScreen, type ReviewExtras } from './review-screen';

/** The intake sections, or the review while it is open (with the page's documents panel under its title). */
export function ReviewSwitch({ children, documents, review }: { children: ReactNode; documents?: ReactNode; review?: ReviewExtras }) {
  const { reviewing } = useReviewMode();
  return reviewing ? <ReviewScreen documents={documents} {...review} /> : <>{children}</>;
}
