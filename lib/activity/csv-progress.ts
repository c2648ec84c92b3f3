/*
 * Counting the rows of a CSV file as it arrives, for the audit export's progress (issue 29). A row ends at a
 * line break outside quotes; a quoted cell may hold line breaks of its own (a meta's text), which are not
 * row ends. Free of server imports: the browser's export button runs it on each chunk it receives.
 */

/** A counter fed the text of a CSV file chunk by chunk; answers how many rows have ended so far (the header included). */
export function csvRowCounter(): (chunk: string) => number {
  let quoted = false;
  let rows = 0;
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      // A doubled quote inside a quoted cell toggles twice: it leaves the state as it was.
      if (c === 34) quoted = !quoted;
      else if (c === 10 && !quoted) rows += 1;
    }
    return rows;
  };
}

/** The file name of a Content-Disposition header (`attachment; filename="audit-log-2026-11-28.csv"`), or the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header?.match(/filename="([^"]+)"/);
  return match ? match[1] : fallback;
}
