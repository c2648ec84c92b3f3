import { buttonClass, type ButtonVariant } from '@/components/ui/button';

/** The address of a household's plan summary PDF (app/api/plan-summary/[clientHash]/route.ts). */
export function planSummaryHref(clientHash: string): string {
  return `/api/plan-summary/${encodeURIComponent(clientHash)}`;
}

/**
 * The plan summary's download (issue 30): a plain link, so it works without JavaScript and the browser saves
 * the file under the name the server gives it ('Rivera Family Trust – summary.pdf'). Shown to everyone who
 * reads the page: the route's permission ('plan.summary.read') has the roles of 'intake.read'.
 */
export function PlanSummaryLink({ clientHash, variant = 'secondary' }: { clientHash: string; variant?: ButtonVariant }) {
  return (
    <a href={planSummaryHref(clientHash)} download className={buttonClass({ variant })}>
      Download summary (PDF)
    </a>
  );
}
