// Types for hosted-fields.cjs (plain CommonJS so scripts/server.mjs, next.config.mjs and Jest can import it).

export declare const LAWPAY_HOSTED_FIELDS_SCRIPT: string;
export declare const LAWPAY_HOSTED_FIELDS_INTEGRITY: string;
export declare const LAWPAY_ENV: readonly ['LAWPAY_PUBLIC_KEY', 'LAWPAY_SECRET_KEY', 'LAWPAY_CARD_ACCOUNT_ID', 'LAWPAY_ACH_ACCOUNT_ID'];
export declare function hostedFieldsScript(env?: Record<string, string | undefined>): { src: string; integrity: string | null } | null;
export declare function hostedFieldsOrigin(env?: Record<string, string | undefined>): string | null;
