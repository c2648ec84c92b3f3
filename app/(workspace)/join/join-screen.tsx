import { Link } from '@/components/ui/link';
import { JoinForm } from '@/components/join/join-form';
import type { InvitePrefill } from '@/lib/invites/queries';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { annualChargeNote, formatUsd, trustPrices } from '@/lib/config/pricing';
import styles from './join.module.css';

/** The create-account screen shared by /join and /join/{advisorHash}. */
export function JoinScreen({ advisorHash, invite = '', prefill = null }: { advisorHash: string; invite?: string; prefill?: InvitePrefill | null }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.page}>
      <section className={styles.card} aria-labelledby="join-title">
        <h1 id="join-title">Create Account</h1>
        <p className={styles.lead}>Create your account to start your living trust. You can save your progress and come back at any time.</p>
        {advisorHash ? (
          <p className={styles.referral}>
            You were referred by a financial advisor: their client discount applies to your trust ({formatUsd(trustPrices.discounted)} instead of{' '}
            {formatUsd(trustPrices.full)}). {annualChargeNote()}
          </p>
        ) : null}
        {prefill ? <p className={styles.referral}>Your advisor has started your information: create your account to continue it.</p> : null}
        <JoinForm advisorHash={advisorHash} invite={invite} prefill={prefill} />
        <p className={styles.alt}>
          Already have an account? <Link href="/login">Sign in</Link>
        </p>
      </section>
    </main>
  );
}
