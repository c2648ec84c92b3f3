/** The tabs of My Information, in order (Payments only for clients: the panel leaves it out for others). */
export type TabKey = 'name' | 'credentials' | 'security' | 'payments' | 'notifications';

export const SETTINGS_TABS = [
  { id: 'name', label: 'Name' },
  { id: 'credentials', label: 'Credentials' },
  { id: 'security', label: 'Security' },
  { id: 'payments', label: 'Payments' },
  { id: 'notifications', label: 'Notifications' },
] as const satisfies ReadonlyArray<{ id: TabKey; label: string }>;

/** The tab a link names (`/settings?tab=notifications`), or null for none or an unknown one. */
export function tabFromQuery(value: unknown): TabKey | null {
  return SETTINGS_TABS.find((t) => t.id === value)?.id ?? null;
}
