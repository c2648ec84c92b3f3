/**
 * The accounts offered the hidden Delete Client tool (spec §6: "only two specific accounts"):
 * `CLIENT_DELETE_ALLOWED_EMAILS`, comma-separated sign-in emails (compared trimmed and lower-cased). Unset,
 * nobody is. They must also be admins (lib/kernel/policy.ts 'client.delete').
 */
export function clientDeleteAllowedEmails(env: Record<string, string | undefined> = process.env): string[] {
  return (env.CLIENT_DELETE_ALLOWED_EMAILS ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
}

/** Whether this sign-in email may use the Delete Client tool (the role is checked besides). */
export function mayDeleteClients(email: string, env: Record<string, string | undefined> = process.env): boolean {
  return clientDeleteAllowedEmails(env).includes(email.trim().toLowerCase());
}
