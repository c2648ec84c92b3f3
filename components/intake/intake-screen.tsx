'use client';

import { useMemo, type ReactNode } from 'react';
import type { IntakeView } from '@/lib/intake/types';
import { fromJsonText, type JsonText } from '@/lib/json-text';
import { AccountsSection } from './assets/accounts-section';
import { CompaniesSection } from './assets/companies-section';
import { GiftsSection } from './assets/gifts-section';
import { NoteSection } from './assets/note-section';
import { PropertiesSection } from './assets/properties-section';
import { BeneficiariesSection } from './beneficiaries/beneficiaries-section';
import { ChildrenSection } from './children/children-section';
import { EstatePlanSection } from './estate-plan/estate-plan-section';
import { IntakeProvider } from './intake-context';
import { ConflictNotice } from './page/conflict-notice';
import { PageHeader } from './page/page-header';
import { ReviewButton } from './page/review-button';
import { SectionNav } from './page/section-nav';
import { WhatHappensNext, type NextStepsInfo } from './page/what-happens-next';
import { PersonalSection } from './personal/personal-section';
import { PoasSection } from './poas/poas-section';
import { TrusteesSection } from './trustees/trustees-section';
import { ReviewModeProvider } from './review/review-mode';
import type { ReviewExtras } from './review/review-screen';
import { ReviewSwitch } from './review/review-switch';
import styles from './page/intake-page.module.css';

/**
 * The client-info page's content (intake §2, sections 1-14), rendered from the one IntakeView the server
 * loaded (as JSON text, lib/json-text.ts says why); every section edits through the intake actions and
 * shows their refreshed view. The review (components/intake/review) replaces it while open; attorneys open
 * a submitted trust on it (and a "what if" address opens it). `nextSteps` is given for the household's own clients: after the submission they
 * read what happens next under the banner. `documents` (the page's documents panel) follows the title.
 */
export function IntakeScreen({
  view: viewText,
  startOnReview = false,
  nextSteps,
  documents,
  review,
}: {
  view: JsonText<IntakeView>;
  startOnReview?: boolean;
  nextSteps?: NextStepsInfo;
  /** The household's documents panel, rendered by the page: it sits under the page title, here and on the review (issue 27). */
  documents?: ReactNode;
  /** What the server worked out for the review: the "what if" switch's scenario and the probate exposure (issue 30). */
  review?: ReviewExtras;
}) {
  // Parsed once per server render: the same text (a refresh that changed nothing) keeps the same view.
  const view = useMemo(() => fromJsonText(viewText), [viewText]);
  return (
    <IntakeProvider initial={view}>
      <ReviewModeProvider initial={startOnReview}>
        <ReviewSwitch documents={documents} review={review}>
          <PageHeader />
          {documents}
          {nextSteps ? <WhatHappensNext info={nextSteps} /> : null}
          <ConflictNotice />
          <div className={styles.layout}>
            <SectionNav />
            <div className={styles.sections}>
              <PersonalSection />
              <EstatePlanSection />
              <ChildrenSection />
              <BeneficiariesSection />
              <TrusteesSection />
              <PoasSection />
              <PropertiesSection />
              <CompaniesSection />
              <GiftsSection />
              <AccountsSection kind="retirement" />
              <AccountsSection kind="brokerage" />
              <AccountsSection kind="bank" />
              <AccountsSection kind="annuity" />
              <NoteSection />
              <div className={styles.bottomActions}>
                <ReviewButton />
              </div>
            </div>
          </div>
        </ReviewSwitch>
      </ReviewModeProvider>
    </IntakeProvider>
  );
}
