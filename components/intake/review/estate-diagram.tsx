'use client';

import { isMinor } from '@/lib/format/date';
import type { BeneficiaryTerms, IntakeView, Tier } from '@/lib/intake/types';
import { trustTitle } from '@/lib/intake/review-texts';
import { beneficiaryName, percentText } from '../beneficiaries/beneficiary-cells';
import { nameOf } from '../shared/people';
import styles from './review.module.css';

/*
 * The estate summary at the top of the review: an SVG (so it prints as drawn) of the trustors, the trust,
 * each tier of beneficiaries with their shares and per stirpes marks, the successor trustees in order and
 * the guardians of minor children. Laid out here in code: rows of boxes, at most four to a row; the drawing
 * is as wide as its widest row, shown at most at its own size and at least at 60 % of it (phones scroll).
 */

const PAD = 16;
const BOX_W = 222;
const BOX_H = 52;
const GAP = 14;
const PER_ROW = 4;
// About what fits in a box at the title's size (a longer name ends in '…'; the description has it whole).
const MAX_CHARS = 25;

type Box = { title: string; detail?: string };
type Band = { label: string; boxes: Box[] };

const clip = (text: string, max = MAX_CHARS) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const TIERS: { tier: Tier; label: string }[] = [
  { tier: 'primary', label: 'Primary beneficiaries' },
  { tier: 'contingent', label: 'Contingent beneficiaries' },
  { tier: 'tertiary', label: 'Tertiary beneficiaries' },
];

/** A beneficiary's share in one tier: '50%' when the owners agree, 'Pat 50% · Sam 40%' when not; ' · per stirpes' marked. */
function shareDetail(terms: { who: string; terms: BeneficiaryTerms }[]): string {
  const texts = terms.map((t) => percentText(t.terms.sharePercent) || '—');
  const same = texts.every((t) => t === texts[0]);
  const share = same ? texts[0] : terms.map((t, i) => `${t.who} ${texts[i]}`).join(' · ');
  return terms.some((t) => t.terms.isPerStirpes) ? `${share} · per stirpes` : share;
}

export function bandsOf(view: IntakeView): Band[] {
  const names = { '1': view.client.person.firstName, '2': view.spouse?.person.firstName ?? '' };
  const bands: Band[] = [];
  for (const { tier, label } of TIERS) {
    const boxes: Box[] = [];
    for (const b of view.beneficiaries) {
      const terms = [
        { who: names['1'], terms: b.terms1 },
        { who: names['2'], terms: b.terms2 },
      ].filter((t): t is { who: string; terms: BeneficiaryTerms } => t.terms?.tier === tier);
      if (terms.length) boxes.push({ title: beneficiaryName(b), detail: shareDetail(terms) });
    }
    if (boxes.length) bands.push({ label, boxes });
  }
  if (view.trustees.length) {
    const ordered = [...view.trustees].sort((a, b) => Math.min(a.order1 ?? 99, a.order2 ?? 99) - Math.min(b.order1 ?? 99, b.order2 ?? 99));
    bands.push({ label: 'Successor trustees, in order', boxes: ordered.map((t, i) => ({ title: `${t.order1 ?? t.order2 ?? i + 1}. ${nameOf(t.person)}` })) });
  }
  const guardians: Box[] = view.children
    .filter((c) => isMinor(c.person.dob) && c.guardian1)
    .map((c) => ({
      title: [c.guardian1, c.guardian2]
        .filter(Boolean)
        .map((g) => nameOf(g!))
        .join(' & '),
      detail: `Guardian of ${nameOf(c.person)}`,
    }));
  if (guardians.length) bands.push({ label: 'Guardians of minor children', boxes: guardians });
  return bands;
}

function BoxShape({ x, y, box, tone, width = BOX_W }: { x: number; y: number; box: Box; tone: 'trustor' | 'trust' | 'plain'; width?: number }) {
  const chars = Math.floor((MAX_CHARS * width) / BOX_W);
  return (
    <g>
      <rect x={x} y={y} width={width} height={BOX_H} rx={8} className={styles[`diagram_${tone}`]} />
      <text x={x + width / 2} y={box.detail ? y + 22 : y + 31} textAnchor="middle" className={styles.diagramTitle}>
        {clip(box.title, chars)}
      </text>
      {box.detail && (
        <text x={x + width / 2} y={y + 40} textAnchor="middle" className={styles.diagramDetail}>
          {clip(box.detail, Math.floor(chars * 1.2))}
        </text>
      )}
    </g>
  );
}

const rowWidth = (n: number) => n * BOX_W + (n - 1) * GAP;

/** x of the i-th of n boxes in a row centred in a drawing `width` wide. */
function xOf(width: number, i: number, n: number): number {
  return (width - rowWidth(n)) / 2 + i * (BOX_W + GAP);
}

/** Where each band starts, and the drawing's height. */
function layout(bands: Band[], start: number): { drawn: { band: Band; top: number }[]; height: number } {
  const drawn: { band: Band; top: number }[] = [];
  let y = start;
  for (const band of bands) {
    drawn.push({ band, top: y });
    y += 26 + Math.ceil(band.boxes.length / PER_ROW) * (BOX_H + GAP) + 18;
  }
  return { drawn, height: y };
}

export function EstateDiagram({ view }: { view: IntakeView }) {
  const trustors = [view.client, ...(view.spouse ? [view.spouse] : [])];
  const bands = bandsOf(view);
  const widest = Math.max(2, ...bands.map((b) => Math.min(PER_ROW, b.boxes.length)));
  const WIDTH = rowWidth(widest) + 2 * PAD;
  const x = (i: number, n: number) => xOf(WIDTH, i, n);
  const trustTop = 24 + BOX_H + 40;
  const { drawn, height } = layout(bands, trustTop + BOX_H + 36);
  const title = trustTitle(view);
  const summary = [
    `${trustors.map((c) => nameOf(c.person)).join(' and ')} create ${title}.`,
    ...bands.map((b) => `${b.label}: ${b.boxes.map((x) => (x.detail ? `${x.title} (${x.detail})` : x.title)).join('; ')}.`),
  ].join(' ');

  return (
    <figure className={styles.diagram}>
      {/* On phones the drawing keeps a readable size and scrolls sideways (reachable by keyboard). */}
      <div className={styles.diagramScroll} tabIndex={0} role="group" aria-label="Estate summary drawing">
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          role="img"
          aria-labelledby="estate-diagram-title"
          aria-describedby="estate-diagram-desc"
          className={styles.diagramSvg}
          style={{ minWidth: Math.round(WIDTH * 0.6), maxWidth: WIDTH }}
        >
          <title id="estate-diagram-title">Estate summary</title>
          <desc id="estate-diagram-desc">{summary}</desc>
          {trustors.map((c, i) => (
            <g key={c.hash}>
              <BoxShape x={x(i, trustors.length)} y={24} box={{ title: nameOf(c.person), detail: 'Trustor' }} tone="trustor" />
              <line x1={x(i, trustors.length) + BOX_W / 2} y1={24 + BOX_H} x2={WIDTH / 2} y2={trustTop} className={styles.diagramLine} />
            </g>
          ))}
          {/* The trust spans two boxes: its name is the longest text of the drawing. */}
          <BoxShape x={(WIDTH - rowWidth(2)) / 2} y={trustTop} box={{ title, detail: 'Revocable living trust' }} tone="trust" width={rowWidth(2)} />
          {drawn.map(({ band, top }) => (
            <g key={band.label}>
              <line x1={WIDTH / 2} y1={top - 30} x2={WIDTH / 2} y2={top} className={styles.diagramLine} />
              <text x={WIDTH / 2} y={top + 14} textAnchor="middle" className={styles.diagramBand}>
                {band.label}
              </text>
              {band.boxes.map((box, i) => {
                const row = Math.floor(i / PER_ROW);
                const inRow = Math.min(PER_ROW, band.boxes.length - row * PER_ROW);
                return <BoxShape key={`${band.label}-${i}`} x={x(i % PER_ROW, inRow)} y={top + 26 + row * (BOX_H + GAP)} box={box} tone="plain" />;
              })}
            </g>
          ))}
        </svg>
      </div>
      <figcaption className={styles.diagramCaption}>
        Estate summary: who creates the trust, who receives it, who manages it and who cares for minor children.
      </figcaption>
    </figure>
  );
}
