/** A calendar date without a time zone. */
type CalendarDate = { year: number; month: number; day: number };

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC keeps DST out of it.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isRealDate({ year, month, day }: CalendarDate): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function toIso({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function fromUs(value: string): CalendarDate | null {
  const match = US_DATE.exec(value.trim());
  if (!match) return null;
  const date = { month: Number(match[1]), day: Number(match[2]), year: Number(match[3]) };
  return isRealDate(date) ? date : null;
}

function fromIso(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDate(date) ? date : null;
}

/** Reads a date typed as MM/DD/YYYY or stored as YYYY-MM-DD (the two shapes the app handles). */
function readDate(value: string | Date | null | undefined): CalendarDate | null {
  if (value == null) return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    // A Date stands for "now" or "today" here, so the user's local calendar day is meant.
    return { year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() };
  }
  return fromUs(value) ?? fromIso(value);
}

/** Parses a US 'MM/DD/YYYY' entry into ISO 'YYYY-MM-DD', or null when it is not a real calendar date. */
export function parseUsDate(value: string | null | undefined): string | null {
  const date = value == null ? null : fromUs(value);
  return date ? toIso(date) : null;
}

/** Formats an ISO date ('YYYY-MM-DD', optionally with a time part) as 'MM/DD/YYYY'; '' when invalid or empty. */
export function formatUsDate(iso: string | null | undefined): string {
  const date = iso == null ? null : fromIso(iso);
  return date ? `${pad(date.month)}/${pad(date.day)}/${pad(date.year, 4)}` : '';
}

/** True for a real calendar date in 'MM/DD/YYYY' form. */
export function isValidUsDate(value: string | null | undefined): boolean {
  return parseUsDate(value) !== null;
}

/**
 * The date-of-birth blur rule: a month outside 1-12 or a day outside 1-31 clears the entry;
 * anything else is kept as typed (full calendar validation happens in the schema).
 */
export function blurDate(value: string | null | undefined): string {
  const raw = value ?? '';
  if (raw.trim() === '') return '';
  const [month, day] = raw.split('/').map((part) => (/^\d+$/.test(part) ? Number(part) : NaN));
  const monthOk = month !== undefined && month >= 1 && month <= 12;
  const dayOk = day !== undefined && day >= 1 && day <= 31;
  return monthOk && dayOk ? raw : '';
}

/** Whole months from the date of birth to today, or null when the date is invalid or in the future. */
export function ageInMonths(dob: string | Date | null | undefined, today: string | Date = new Date()): number | null {
  const birth = readDate(dob);
  const now = readDate(today);
  if (!birth || !now) return null;
  let months = (now.year - birth.year) * 12 + (now.month - birth.month);
  // The current month only counts once its day-of-month has been reached.
  if (now.day < birth.day) months -= 1;
  return months < 0 ? null : months;
}

/** Maximum believable age; at or beyond it the date of birth is shown as invalid (intake spec). */
export const MAX_AGE_YEARS = 120;
/** Minor and guardian threshold (intake spec). */
export const ADULT_AGE_YEARS = 18;

/** Whole years from the date of birth to today, or null when invalid, in the future, or 120+ years. */
export function ageInYears(dob: string | Date | null | undefined, today: string | Date = new Date()): number | null {
  const months = ageInMonths(dob, today);
  if (months === null) return null;
  const years = Math.floor(months / 12);
  return years >= MAX_AGE_YEARS ? null : years;
}

/** Age display per the intake spec: months under one year, else years; 'Invalid DoB' at 120+, future or invalid. */
export function ageLabel(dob: string | Date | null | undefined, today: string | Date = new Date()): string {
  const months = ageInMonths(dob, today);
  const years = ageInYears(dob, today);
  if (months === null || years === null) return 'Invalid DoB';
  if (months < 12) return `${months} ${months === 1 ? 'month' : 'months'}`;
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** True when the person is under 18 on `today`; false for an invalid date of birth (see isInvalidDob). */
export function isMinor(dob: string | Date | null | undefined, today: string | Date = new Date()): boolean {
  const years = ageInYears(dob, today);
  return years !== null && years < ADULT_AGE_YEARS;
}

/** True when the date of birth cannot be used: missing, not a real date, in the future, or 120+ years ago. */
export function isInvalidDob(dob: string | Date | null | undefined, today: string | Date = new Date()): boolean {
  return ageInYears(dob, today) === null;
}
