import type { Metadata } from 'next';
import { JoinScreen } from './join-screen';

export const metadata: Metadata = { title: 'Create Account' };

/** /join — the create-account screen without an advisor referral. */
export default function JoinPage() {
  return <JoinScreen advisorHash="" />;
}
