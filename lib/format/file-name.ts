/** Display limit for file names (platform spec: 26 characters + '...' + the last 4). */
export const FILE_NAME_DISPLAY_LIMIT = 30;

/** Shortens a file name longer than 30 characters to its first 26, '...', then its last 4 (the extension). */
export function shortenFileName(name: string | null | undefined): string {
  const value = name ?? '';
  if (value.length <= FILE_NAME_DISPLAY_LIMIT) return value;
  return `${value.slice(0, 26)}...${value.slice(-4)}`;
}
