import { persons } from '@/db/schema';

/** The `persons` columns a display name is built from (personName in ./person-name.ts), to spread into a select. */
export const personNameColumns = {
  firstName: persons.firstName,
  middleName: persons.middleName,
  lastName: persons.lastName,
  suffix: persons.suffix,
};
