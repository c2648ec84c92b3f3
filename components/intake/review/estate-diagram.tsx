'use client';

import { Link } from '@/components/ui/link';
import type { WhatIf } from '@/lib/estate-flow/what-if';
import type { Scenario } from '@/lib/estate-flow/types';
import { isMinor } from '@/lib/format/date';
import type { BeneficiaryTerms, IntakeView, Tier } from '@/lib/intake/types';
import { trustTitle } from '@/lib/intake/review-texts';
import { beneficiaryName, percentText } from '../beneficiaries/beneficiary-cells';
import { nameOf } from '../shared/people';
import { BOX_H, BOX_W, BoxShape, GAP, PAD, PER_ROW, boxText, rowWidth, xOf, type Box } from './diagram-parts';
import styles from './review.module.css';
import { ScenarioDrawing, scenarioHeading } from './what-if-diagram';

/*
 * The estate summary at the top of the review: an SVG (so it prints as drawn) of the trustors, the trust,
 * each tier of beneficiaries with their shares and per stirpes marks, the successor trustees in order and
 * the guardians of minor children. Laid out here in code: rows of boxes, at most four to a row; the drawing
 * is as wide as its widest row, shown at most at its own size and at least at 60 % of it (phones scroll).
 */

type Band = { label: string; boxes: Box[] };

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

/** The plan as written: trustors, the trust, the tiers, the trustees and the guardians. */
function AsWrittenDrawing({ view }: { view: IntakeView }) {
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
    ...bands.map((b) => `${b.label}: ${b.boxes.map(boxText).join('; ')}.`),
  ].join(' ');

  return (
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
  );
}

/**
 * What the review's "what if" switch gets from the server (issue 30): the page's own address (the switch's
 * links keep it), the household's scenarios and the flow of the one the address asks for (null: as written).
 */
export type WhatIfProps = WhatIf & { path: string };

const FIGURE_ID = 'what-if';
/** The switch's first choice, the plan as written: no scenario has this id, so the server draws none. */
export const AS_WRITTEN = 'as-written';

/** A scenario's address: the page with `?whatIf=<id>`, landing on the diagram. */
export const whatIfHref = (path: string, id: string) => `${path}?${new URLSearchParams({ whatIf: id })}#${FIGURE_ID}`;

/**
 * The switch: "As written" and every scenario, as links (they work without JavaScript; with it, the page is
 * rendered again by the server without leaving the review or moving the scroll; never prefetched: each would
 * be a render of the page's layout for a choice most never make). The one shown is marked aria-current.
 */
function WhatIfSwitch({ path, scenarios, current }: { path: string; scenarios: Scenario[]; current: string }) {
  const choices = [{ id: AS_WRITTEN, label: 'As written' }, ...scenarios];
  return (
    <nav aria-labelledby="what-if-label" className={`${styles.whatIf} no-print`}>
      <span id="what-if-label" className={styles.whatIfLabel}>
        What if…
      </span>
      <ul className={styles.whatIfList}>
        {choices.map((s) => (
          <li key={s.id}>
            <Link
              href={whatIfHref(path, s.id)}
              scroll={false}
              replace
              prefetch={false}
              aria-current={s.id === current ? 'page' : undefined}
              className={styles.whatIfLink}
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The estate summary at the top of the review: the plan as written, or with `whatIf` (the page's server
 * render), the switch and the scenario its address asks for. The caption says which one is drawn.
 */
export function EstateDiagram({ view, whatIf }: { view: IntakeView; whatIf?: WhatIfProps }) {
  const flow = whatIf?.flow ?? null;
  return (
    <figure className={styles.diagram} id={FIGURE_ID}>
      {whatIf && whatIf.scenarios.length ? <WhatIfSwitch path={whatIf.path} scenarios={whatIf.scenarios} current={flow?.scenario.id ?? AS_WRITTEN} /> : null}
      {/* On phones the drawing keeps a readable size and scrolls sideways (reachable by keyboard). */}
      <div className={styles.diagramScroll} tabIndex={0} role="group" aria-label="Estate summary drawing">
        {flow ? <ScenarioDrawing flow={flow} titleId="estate-diagram-title" descId="estate-diagram-desc" /> : <AsWrittenDrawing view={view} />}
      </div>
      <figcaption className={styles.diagramCaption} aria-live="polite">
        {flow
          ? `${scenarioHeading(flow.scenario)}: who receives each client's estate, tier by tier, who manages it and who cares for minor children. General rules of estate planning, not legal advice.`
          : 'Estate summary: who creates the trust, who receives it, who manages it and who cares for minor children.'}
      </figcaption>
    </figure>
  );
}
