import { intakeWrite, owner1, owner2, withRecords, type Entry } from '.';

// ---- The plan summary PDF (issue 30): whoever reads the household's intake ------------------------------

export const PLAN_SUMMARY_DOORS: Record<string, Entry> = {
  // The household, its advisory side, attorneys and admins; other households' people and advisors get 404.
  'GET /api/plan-summary/[clientHash]': {
    permission: 'plan.summary.read',
    prepare: withRecords,
    args: (w, role) => {
      // Either spouse's address opens the household: the spouse asks by the client's, the others by the spouse's.
      const clientHash = role === 'spouse' ? owner1(w) : owner2(w);
      return { path: `/api/plan-summary/${clientHash}`, params: { clientHash } };
    },
    expect: { ...intakeWrite },
  },
};
