import type { AnyColumn } from 'drizzle-orm';
import { persons } from '@/db/schema';

type NameColumns = { firstName: AnyColumn; middleName: AnyColumn; lastName: AnyColumn; suffix: AnyColumn };

/** The four columns of a person's name, of `persons` or of an alias of it, in the order personName reads them. */
export function personNameColumnsOf<P extends NameColumns>(p: P): Pick<P, keyof NameColumns> {
  return { firstName: p.firstName, middleName: p.middleName, lastName: p.lastName, suffix: p.suffix };
}

/** The `persons` columns a display name is built from (personName in ./person-name.ts), to spread into a select. */
export const personNameColumns = personNameColumnsOf(persons);
