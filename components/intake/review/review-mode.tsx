'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type ReviewMode = { reviewing: boolean; openReview: () => void; closeReview: () => void };

const ReviewModeContext = createContext<ReviewMode | null>(null);

/** Whether the client-info page shows the intake sections or the review (intake §2: a toggle). */
export function ReviewModeProvider({ initial, children }: { initial: boolean; children: ReactNode }) {
  const [reviewing, setReviewing] = useState(initial);
  // The page changes under the reader: start again at the top (the review focuses its heading).
  const openReview = useCallback(() => {
    setReviewing(true);
    document.scrollingElement?.scrollTo?.(0, 0);
  }, []);
  const closeReview = useCallback(() => {
    setReviewing(false);
    document.scrollingElement?.scrollTo?.(0, 0);
  }, []);
  const value = useMemo(() => ({ reviewing, openReview, closeReview }), [reviewing, openReview, closeReview]);
  return <ReviewModeContext.Provider value={value}>{children}</ReviewModeContext.Provider>;
}

export function useReviewMode(): ReviewMode {
  const context = useContext(ReviewModeContext);
  if (!context) throw new Error('useReviewMode() must be used inside <ReviewModeProvider>.');
  return context;
}
