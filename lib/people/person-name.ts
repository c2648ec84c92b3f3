type NameParts = {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  suffix?: string | null;
};

/** "First Middle Last, Suffix" from a person row, skipping blanks. */
export function personName(p: NameParts): string {
  const base = [p.firstName, p.middleName, p.lastName].map((s) => s?.trim()).filter(Boolean).join(' ');
  return p.suffix?.trim() ? `${base} ${p.suffix.trim()}` : base;
}
