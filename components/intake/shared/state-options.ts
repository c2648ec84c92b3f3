import type { SelectOption } from '@/components/ui/field';
import { STATE_CODES, US_STATES } from '@/lib/validation/lists';

/** A state code as its name ('OR' → 'Oregon'). */
export function stateName(code: string | null | undefined): string {
  return code ? (US_STATES[code as keyof typeof US_STATES] ?? code) : '';
}

/** The spec's states (50, DC, PR, VI) for a select: the code stored, the name shown. */
export const STATE_OPTIONS: readonly SelectOption[] = STATE_CODES.map((code) => ({ value: code, label: US_STATES[code] })).sort((a, b) =>
  a.label.localeCompare(b.label, 'en-US'),
);
