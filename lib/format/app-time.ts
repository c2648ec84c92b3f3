/*
 * Moments shown to people (an invite sent, a status changed) are formatted on the server in the app's time
 * zone (APP_TIME_ZONE, default America/New_York): the server and the reader's browser may sit in different
 * zones, and the text must not change when the page hydrates.
 */

const TIME_ZONE = process.env.APP_TIME_ZONE || 'America/New_York';
const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** '11/23/2026, 9:31 AM' in the app's time zone. */
export function formatAppDateTime(date: Date): string {
  return dateTime.format(date);
}

const dateOnly = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, month: '2-digit', day: '2-digit', year: 'numeric' });

/** '11/23/2026' (a plain date string) in the app's time zone. */
export function formatAppDate(date: Date): string {
  return dateOnly.format(date);
}

const dateTimeZone = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** '11/23/2026, 9:31 AM EST': a moment told in a mail, whose reader may be anywhere. */
export function formatAppDateTimeWithZone(date: Date): string {
  return dateTimeZone.format(date);
}

const longDate = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric' });
const timeOnly = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' });

/** 'Nov 3, 2026' in the app's time zone: a date in a sentence for clients. */
export function formatAppLongDate(date: Date): string {
  return longDate.format(date);
}

/** '2:14 PM' in the app's time zone. */
export function formatAppTime(date: Date): string {
  return timeOnly.format(date);
}
