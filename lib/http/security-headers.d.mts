// Types for security-headers.mjs (plain JavaScript so next.config.mjs can import it).

type PolicyOptions = { dev?: boolean; paymentOrigin?: string | null };
export function contentSecurityPolicy(options?: PolicyOptions & { upgradeInsecureRequests?: boolean }): string;
export function withUpgradeInsecureRequests(policy: string): string;
export function withPaymentOrigin(policy: string, origin: string): string;
export function securityHeaders(options?: PolicyOptions): { key: string; value: string }[];
export function securityHeaderRules(options?: PolicyOptions): { source: string; headers: { key: string; value: string }[] }[];
