/** A user's name as the settings screen and its saves carry it (legacy field names). */
export type SettingsName = {
  nickname: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  suffix: string;
};

/**
 * What the My Information screen shows: the actor's own name parts and contact details, and a new email
 * waiting for its confirmation link, if any.
 */
export type SettingsValues = { name: SettingsName; email: string; phone: string; pendingEmail?: string | null };
