/*
 * The spec's shapes of documents in the file calls' answers (platform §3 File, Estate plan, Client, Advisor).
 * Types only: the upload and delete components read the answers too.
 */

/** A document in the spec's File shape (platform §3): `created_by` is absent for the System's files. */
export type LegacyFile = { id: string; hash: string; name: string; updated_at: string; created_by?: { person: { name: { full: string } } } };

export type LegacyPlanWithFiles = { hash: string; type: string; status: string; status_full: string; updated_at: string; files: LegacyFile[] };

/** A client in the spec's shape, as far as the overview's rows use it, with its plans and their files. */
export type LegacyClientWithPlans = {
  hash: string;
  person: { name: { full: string }; contact_info: { email: string | null; phone: string | null } };
  spouse: { hash: string; person: { name: { full: string } } } | null;
  created_at: string;
  estate_plans: LegacyPlanWithFiles[];
};

/** An advisor in the spec's shape (platform §3 Advisor), with the clients the answer refreshes. */
export type LegacyAdvisor = {
  hash: string;
  user: { hash: string; person: { name: { full: string } } };
  firms: { id: string; name: string }[];
  clients: LegacyClientWithPlans[];
};
