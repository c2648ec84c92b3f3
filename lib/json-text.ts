/*
 * A plain-data value as JSON text, typed by the value it holds: how a server component hands a big view to
 * a client component (the intake's IntakeView, 44 KB for a big couple).
 *
 * Why: React sends a client component's props in its Flight format. An object prop is written value by value
 * on the server and revived value by value where it is read: in the server's own HTML render of the page and
 * again in the browser. A string of 1,024 characters or more travels as one raw text chunk instead, and
 * JSON.parse rebuilds the value natively. For the intake page that saves about 1.5 ms of each server render
 * (docs/performance.md, "2026-11-26, later: the view as JSON text"); the HTML is the same size either way.
 *
 * Only for JSON's values: strings, numbers, booleans, null, arrays and plain objects (no Date, Map or
 * undefined, which JSON drops).
 */

declare const holds: unique symbol;

/** JSON text of a T (a branded string: only toJsonText makes one). */
export type JsonText<T> = string & { readonly [holds]: T };

export function toJsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

export function fromJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text) as T;
}
