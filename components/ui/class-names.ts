/** Joins truthy class names; the tiny helper the UI primitives share instead of a dependency. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
