/*
 * The advisor referral as the browser carries it; no server imports, so the trust page's client bundle can
 * use it. A visitor who opens an advisor link (/join/{advisorHash}) is remembered under ADVISOR_REF_KEY in
 * localStorage, so the trust page shows the discounted price and its button keeps the advisor.
 */
export const ADVISOR_REF_KEY = 'advisor_ref';

// Public hashes are base64url (db/schema/columns.ts); anything else cannot name an advisor.
export const ADVISOR_HASH_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
