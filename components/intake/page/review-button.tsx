'use client';

import { Button } from '@/components/ui/button';
import { useMessage } from '@/components/ui/call-provider';
import { unansweredQuestions } from '@/lib/intake/required';
import type { IntakeView } from '@/lib/intake/types';
import { useIntake } from '../intake-context';
import { useReviewMode } from '../review/review-mode';
import { sectionAnchor } from './section-anchors';

/** The spec's texts for the required-answers check before the review (intake §5). */
export const UNANSWERED_TITLE = 'Unanswered Question';
export const UNANSWERED_MESSAGE = 'Please select an answer for all client questions.';

/**
 * 'Review & Submit Trust' while the viewer may still submit the trust, 'Review Information' otherwise
 * (intake §2): after submission, and always for those who only review (attorneys: 'plan.submit' leaves them out).
 */
export function reviewLabel(view: Pick<IntakeView, 'abilities'>): string {
  return view.abilities.canSubmit ? 'Review & Submit Trust' : 'Review Information';
}

/** The first section holding an unanswered required question of either client, or null. */
export function firstUnansweredSection(view: Pick<IntakeView, 'client' | 'spouse'>): 'personal' | 'estatePlan' | null {
  const hasSpouse = view.spouse !== null;
  const missing = [view.client, ...(view.spouse ? [view.spouse] : [])].flatMap((client) => unansweredQuestions(client, hasSpouse));
  if (missing.length === 0) return null;
  return missing.some((question) => question.section === 'personal') ? 'personal' : 'estatePlan';
}

/**
 * The review entry, at the top and the bottom of the page. It first checks the required answers of each
 * client: when one is missing, the 'Unanswered Question' dialog opens, error highlighting turns on, and
 * focus moves to the first section with a gap once the dialog closes. Otherwise the review opens.
 */
export function ReviewButton() {
  const { view, setShowErrors } = useIntake();
  const { showMessage } = useMessage();
  const { openReview } = useReviewMode();
  const label = reviewLabel(view);

  const onClick = async () => {
    const gap = firstUnansweredSection(view);
    if (gap) {
      setShowErrors(true);
      await showMessage({ title: UNANSWERED_TITLE, message: UNANSWERED_MESSAGE, tone: 'error' });
      // After the dialog has handed focus back (Radix does so in a timeout of its own).
      setTimeout(() => {
        document.getElementById(sectionAnchor(gap))?.scrollIntoView?.({ block: 'start' });
        document.getElementById(`${sectionAnchor(gap)}-title`)?.focus({ preventScroll: true });
      }, 0);
      return;
    }
    setShowErrors(false);
    openReview();
  };

  return <Button onClick={onClick}>{label}</Button>;
}
