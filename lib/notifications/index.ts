// What the use cases raise notifications with: the event and its recipients, by the pages' scope rules.
export { notify, type NotificationEvent } from './notify';
export { householdAudience, legalTeam, type HouseholdAudience } from './recipients';
