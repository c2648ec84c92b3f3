import type { Role, RoleFlags } from './roles';

/**
 * Who is making a request: the signed-in user (or the one being impersonated) and what they may reach.
 * Loaded from the session by lib/auth/actor.ts (loadActor); everything below the doors only reads it.
 */
export type Actor = RoleFlags & {
  userId: number;
  hash: string;
  email: string;
  name: string;
  roles: Role[];
  /** This user's advisor row, when the user is an advisor. */
  advisorId: number | null;
  /** This user's own client row, when the user is a client. */
  clientId: number | null;
  /** That client row's public hash (absent on actors built without the users statement: tests, jobs). */
  clientHash?: string | null;
  /** Client ids of the user's household: owner 1, then owner 2 when married (the user is one of them). */
  householdClientIds: number[];
  /** Advisors whose clients this user may work with, besides legal/admin's global reach. */
  advisorIds: number[];
  /**
   * The real user behind an impersonation. `returnToName`: while the admin acts as a client through an
   * advisor, the advisor the banner's return button goes back to (the admin otherwise).
   */
  impersonator: { userId: number; hash: string; name: string; returnToName?: string } | null;
  /**
   * The user's second factor (issue 31, lib/auth/second-factor/rules.ts): set up or not, from when it is
   * required, and when this session passed its second step. Absent on actors built without a session.
   */
  secondFactor?: { enrolled: boolean; dueAt: Date | null; passedAt: Date | null; requiredByFirm?: boolean };
};
