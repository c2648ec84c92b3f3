// Types for security-headers.mjs (plain JavaScript so next.config.mjs can import it).

export function contentSecurityPolicy(options?: { dev?: boolean; upgradeInsecureRequests?: boolean }): string;
export function withUpgradeInsecureRequests(policy: string): string;
export function securityHeaders(options?: { dev?: boolean }): { key: string; value: string }[];
export function securityHeaderRules(options?: { dev?: boolean }): { source: string; headers: { key: string; value: string }[] }[];
