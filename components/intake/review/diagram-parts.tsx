import styles from './review.module.css';

/*
 * The drawing kit the review's estate diagrams share (the plan as written and a "what if" scenario): boxes
 * of one width in rows of at most four, centred; a drawing is as wide as its widest row. Laid out in code,
 * so the SVG prints as drawn.
 */

export const PAD = 16;
export const BOX_W = 222;
export const BOX_H = 52;
export const GAP = 14;
export const PER_ROW = 4;
// About what fits in a box at the title's size (a longer name ends in '…'; the description has it whole).
export const MAX_CHARS = 25;
// About what fits in a box at the detail's size.
export const DETAIL_CHARS = Math.floor(MAX_CHARS * 1.2);
/** A line of notes under a box's detail. */
export const NOTE_LINE = 15;

/** plain: a person or an entity; trustor, trust: the as-written drawing's top; gone: died before or omitted; warn: nobody named. */
export type Tone = 'trustor' | 'trust' | 'plain' | 'gone' | 'warn';

export type Box = { title: string; detail?: string; notes?: string[]; tone?: Tone; struck?: boolean };

export const clip = (text: string, max = MAX_CHARS) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Words in lines of at most `max` characters (a longer word is clipped), at most `lines` of them: the last one ends in '…' when cut. */
export function wrap(text: string, max: number, lines = Infinity): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= max) line = `${line} ${word}`;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  const kept = out.slice(0, lines).map((l) => clip(l, max));
  if (out.length > lines) {
    const last = kept[lines - 1]!;
    kept[lines - 1] = last.length < max ? `${last}…` : `${last.slice(0, max - 1)}…`;
  }
  return kept;
}

/** The note lines of a box, wrapped to its width (at most three). */
export const noteLines = (box: Box, chars = DETAIL_CHARS): string[] => (box.notes ?? []).flatMap((n) => wrap(n, chars)).slice(0, 3);

/** A title's line. */
const TITLE_LINE = 18;

/** A box's title on at most two lines (a scenario's boxes: "Avery Rivera's descendants"). */
export const titleLines = (box: Box, chars = MAX_CHARS): string[] => wrap(box.title, chars, 2);

/** A box's height with its title wrapped: a title and a detail, and a line per note. */
export const boxHeight = (box: Box): number => BOX_H + (titleLines(box).length - 1) * TITLE_LINE + noteLines(box).length * NOTE_LINE;

/** A box at (x, y): its title (clipped to one line, or with `wrapTitle` on two), its detail and its notes. */
export function BoxShape({
  x,
  y,
  box,
  tone = box.tone ?? 'plain',
  width = BOX_W,
  height = BOX_H,
  wrapTitle = false,
}: {
  x: number;
  y: number;
  box: Box;
  tone?: Tone;
  width?: number;
  height?: number;
  wrapTitle?: boolean;
}) {
  const chars = Math.floor((MAX_CHARS * width) / BOX_W);
  const titles = wrapTitle ? titleLines(box, chars) : [clip(box.title, chars)];
  const notes = noteLines(box, Math.floor(chars * 1.2));
  const mid = x + width / 2;
  // Below a title of two lines, everything moves down one line.
  const below = y + (titles.length - 1) * TITLE_LINE;
  const titleClass = box.struck ? `${styles.diagramTitle} ${styles.diagramStruck}` : styles.diagramTitle;
  return (
    <g>
      <rect x={x} y={y} width={width} height={height} rx={8} className={styles[`diagram_${tone}`]} />
      {titles.map((line, i) => (
        <text key={`t${i}`} x={mid} y={(box.detail ? y + 22 : y + 31) + i * TITLE_LINE} textAnchor="middle" className={titleClass}>
          {line}
        </text>
      ))}
      {box.detail && (
        <text x={mid} y={below + 40} textAnchor="middle" className={styles.diagramDetail}>
          {clip(box.detail, Math.floor(chars * 1.2))}
        </text>
      )}
      {notes.map((line, i) => (
        <text key={i} x={mid} y={below + 40 + (i + 1) * NOTE_LINE} textAnchor="middle" className={styles.diagramNote}>
          {line}
        </text>
      ))}
    </g>
  );
}

export const rowWidth = (n: number) => n * BOX_W + (n - 1) * GAP;

/** x of the i-th of n boxes in a row centred in a drawing `width` wide. */
export function xOf(width: number, i: number, n: number): number {
  return (width - rowWidth(n)) / 2 + i * (BOX_W + GAP);
}

/** A box in words, for the drawing's description: 'Avery Rivera (25% · primary; per stirpes)'. */
export function boxText(box: Box): string {
  const more = [box.detail, ...(box.notes ?? [])].filter(Boolean);
  return more.length ? `${box.title} (${more.join('; ')})` : box.title;
}
