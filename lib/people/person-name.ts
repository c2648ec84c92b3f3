import { fullName } from '@/lib/format/names';

type PersonNameColumns = {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  suffix?: string | null;
};

/** The display name of a `persons` row ("First Middle Last Suffix"). */
export function personName(p: PersonNameColumns): string {
  return fullName({ first: p.firstName, middle: p.middleName, last: p.lastName, suffix: p.suffix });
}
