import type { ReactNode } from 'react';
import type { EstateFlow, EstateFlowResult, Receipt, ReceivingTier, Scenario } from '@/lib/estate-flow/types';
import { percentText } from '../beneficiaries/beneficiary-cells';
import { GAP, PAD, PER_ROW, BoxShape, boxHeight, boxText, rowWidth, wrap, xOf, type Box } from './diagram-parts';
import styles from './review.module.css';

/*
 * One "what if" scenario of the review's estate diagram (issue 30), drawn from the flow the server computed
 * (lib/estate-flow): per client's estate its summary, who receives what share (the tier it comes from, per
 * stirpes in place of whom), who died before and where their share went, the tiers not reached, the
 * beneficiaries omitted and why, the trustee who acts (and who was skipped), the flow's notes; then who
 * cares for each minor child. A living estate says only that nothing passes. Same kit as the plan as
 * written (./diagram-parts.tsx): rows of at most four boxes, as wide as the widest row.
 */

export type Band = { label: string; boxes: Box[] };

/** One client's estate in the drawing. `notReached`: each tier not reached with its members' names. */
export type EstatePanel = {
  title: string;
  summary: string;
  bands: Band[];
  notReached: { label: string; names: string[] }[];
  notes: string[];
};

export type ScenarioModel = { heading: string; estates: EstatePanel[]; guardians: Band | null };

const TIER_WORD: Record<ReceivingTier, string> = { primary: 'primary', contingent: 'contingent', tertiary: 'tertiary' };
const TIER_LABEL: Record<ReceivingTier, string> = {
  primary: 'Primary beneficiaries',
  contingent: 'Contingent beneficiaries',
  tertiary: 'Tertiary beneficiaries',
};

/** A share of the estate and where it comes from: '25% · primary', '100% · surviving trustor'. */
function receiptBox(r: Receipt): Box {
  const share = percentText(r.sharePercent);
  if (r.kind === 'survivor') return { title: r.name, detail: `${share} · surviving trustor` };
  if (r.kind === 'heirs') return { title: r.name, detail: `${share} · as state law provides`, notes: r.via ? [r.via] : [], tone: 'warn' };
  return { title: r.name, detail: r.tier ? `${share} · ${TIER_WORD[r.tier]}` : share, notes: r.via ? [r.via] : [] };
}

const possessive = (name: string) => `${name}'${name.endsWith('s') ? '' : 's'}`;

/** What the drawing shows of one estate. */
function estatePanel(estate: EstateFlow): EstatePanel {
  const panel: EstatePanel = { title: `${possessive(estate.clientName)} estate`, summary: estate.summary, bands: [], notReached: [], notes: estate.notes };
  if (estate.state === 'living') return panel;
  panel.bands.push({ label: 'Receives', boxes: estate.receipts.map(receiptBox) });
  const gone = estate.tiers.flatMap((t) =>
    t.members
      .filter((m) => m.state === 'predeceased')
      .map((m): Box => ({
        title: m.name,
        detail: `Died before · ${TIER_WORD[t.tier]}${m.statedPercent ? ` ${percentText(m.statedPercent)}` : ''}`,
        notes: m.passesTo ? [m.passesTo] : [],
        tone: 'gone',
        struck: true,
      })),
  );
  if (gone.length) panel.bands.push({ label: 'Died before', boxes: gone });
  if (estate.omitted.length) {
    panel.bands.push({
      label: 'Omitted',
      boxes: estate.omitted.map((o) => ({
        title: o.name,
        detail: o.relationship ? `Omitted · ${o.relationship}` : 'Omitted',
        notes: o.reason ? [o.reason] : [],
        tone: 'gone',
      })),
    });
  }
  if (estate.trustee) panel.bands.push({ label: 'Trustee', boxes: trusteeBoxes(estate.trustee) });
  panel.notReached = estate.tiers.filter((t) => t.state === 'not-reached').map((t) => ({ label: TIER_LABEL[t.tier], names: t.members.map((m) => m.name) }));
  return panel;
}

function trusteeBoxes(trustee: NonNullable<EstateFlow['trustee']>): Box[] {
  const boxes: Box[] = [];
  const { acting, successor, skipped } = trustee;
  if (acting) {
    boxes.push({ title: acting.name, detail: acting.role === 'surviving-trustor' ? 'Acts: the surviving trustor' : `Acts: successor trustee ${acting.order}` });
  } else {
    boxes.push({ title: 'No trustee named', detail: 'No living successor trustee', tone: 'warn' });
  }
  if (successor && successor.hash !== acting?.hash) boxes.push({ title: successor.name, detail: `Next in line: successor ${successor.order}` });
  for (const s of skipped) boxes.push({ title: s.name, detail: `Successor ${s.order} · died before`, tone: 'gone', struck: true });
  return boxes;
}

/** Who cares for each minor child alive in the scenario. */
function guardiansBand(flow: EstateFlowResult): Band | null {
  if (!flow.guardians.length) return null;
  return {
    label: 'Minor children',
    boxes: flow.guardians.map((g): Box => {
      const names = g.names.join(' & ');
      if (g.caredBy === 'parent') return { title: g.child.name, detail: 'Stays with their parent', notes: [names] };
      if (g.caredBy === 'guardian')
        return { title: g.child.name, detail: g.names.length > 1 ? 'Cared for by the guardians' : 'Cared for by the guardian', notes: [names] };
      return { title: g.child.name, detail: 'No living guardian named', tone: 'warn' };
    }),
  };
}

/** 'What if Pat dies first', 'What if both have died'. */
export function scenarioHeading({ kind, label }: Scenario): string {
  // 'Both have died' is read in the middle of a sentence; the other labels begin with a name.
  return `What if ${kind === 'second-death' ? `${label.charAt(0).toLowerCase()}${label.slice(1)}` : label}`;
}

/** What the drawing of a scenario shows, in order: the estates, then the minor children. */
export function scenarioModelOf(flow: EstateFlowResult): ScenarioModel {
  return { heading: scenarioHeading(flow.scenario), estates: flow.estates.map(estatePanel), guardians: guardiansBand(flow) };
}

/** The drawing in words, for screen readers: every estate, box by box, and the minor children. */
export function scenarioDescription(model: ScenarioModel): string {
  const bandText = (b: Band) => `${b.label}: ${b.boxes.map(boxText).join('; ')}.`;
  const parts = [`${model.heading}.`];
  for (const e of model.estates) {
    parts.push(`${e.title}: ${e.summary}`);
    parts.push(...e.bands.map(bandText));
    parts.push(...e.notReached.map((t) => `${t.label}, not reached: ${t.names.join('; ')}.`));
    parts.push(...e.notes);
  }
  if (model.guardians) parts.push(bandText(model.guardians));
  return parts.join(' ');
}

// Text sizes (./review.module.css) and the space each line takes.
const HEADING = 30;
const ESTATE_TITLE = 26;
const LINE = 18;
const BAND_LABEL = 24;
const FRAME = 10;
// About the characters a line of 13 px text holds per pixel.
const CHAR_PX = 6.9;
// A tier not reached names at most this many of its members (the description names them all).
const NAMES_SHOWN = 3;

function namesShort(names: string[]): string {
  if (names.length <= NAMES_SHOWN) return names.join(', ');
  return `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more`;
}

type Drawn = { node: ReactNode; height: number };

/** A band: its label, then its boxes in rows (every box of the band as tall as its tallest). */
function drawBand(band: Band, top: number, width: number): Drawn {
  const h = Math.max(...band.boxes.map(boxHeight));
  const rows = Math.ceil(band.boxes.length / PER_ROW);
  const node = (
    <g key={`${band.label}-${top}`}>
      <text x={width / 2} y={top + 15} textAnchor="middle" className={styles.diagramBand}>
        {band.label}
      </text>
      {band.boxes.map((box, i) => {
        const row = Math.floor(i / PER_ROW);
        const inRow = Math.min(PER_ROW, band.boxes.length - row * PER_ROW);
        return <BoxShape key={i} x={xOf(width, i % PER_ROW, inRow)} y={top + BAND_LABEL + row * (h + GAP)} box={box} height={h} wrapTitle />;
      })}
    </g>
  );
  return { node, height: BAND_LABEL + rows * (h + GAP) };
}

/** Lines of text across the drawing, centred. */
function drawLines(lines: string[], top: number, width: number, className: string | undefined, key: string): Drawn {
  return {
    node: (
      <g key={key}>
        {lines.map((line, i) => (
          <text key={i} x={width / 2} y={top + 13 + i * LINE} textAnchor="middle" className={className}>
            {line}
          </text>
        ))}
      </g>
    ),
    height: lines.length * LINE,
  };
}

/** The drawing of one scenario: an SVG laid out here, as wide as its widest row of boxes. */
export function ScenarioDrawing({ flow, titleId, descId }: { flow: EstateFlowResult; titleId: string; descId: string }) {
  const model = scenarioModelOf(flow);
  const bands = [...model.estates.flatMap((e) => e.bands), ...(model.guardians ? [model.guardians] : [])];
  const widest = Math.max(2, ...bands.map((b) => Math.min(PER_ROW, b.boxes.length)));
  const WIDTH = rowWidth(widest) + 2 * PAD + 2 * FRAME;
  const chars = Math.floor((WIDTH - 2 * PAD - 2 * FRAME) / CHAR_PX);

  const nodes: ReactNode[] = [];
  let y = PAD;
  nodes.push(
    <text key="heading" x={WIDTH / 2} y={y + 20} textAnchor="middle" className={styles.diagramHeading}>
      {model.heading}
    </text>,
  );
  y += HEADING + 8;
  model.estates.forEach((estate, e) => {
    const top = y;
    const parts: ReactNode[] = [];
    y += FRAME;
    parts.push(
      <text key="title" x={WIDTH / 2} y={y + 18} textAnchor="middle" className={styles.diagramEstate}>
        {estate.title}
      </text>,
    );
    y += ESTATE_TITLE;
    const add = (drawn: Drawn, after = 6) => {
      parts.push(drawn.node);
      y += drawn.height + after;
    };
    add(drawLines(wrap(estate.summary, chars), y, WIDTH, styles.diagramText, 'summary'), 10);
    for (const band of estate.bands) add(drawBand(band, y, WIDTH), 4);
    const notReached = estate.notReached.flatMap((t) => wrap(`${t.label}, not reached: ${namesShort(t.names)}.`, chars));
    if (notReached.length) add(drawLines(notReached, y, WIDTH, styles.diagramText, 'not-reached'));
    const notes = estate.notes.flatMap((n) => wrap(n, chars));
    if (notes.length) add(drawLines(notes, y, WIDTH, styles.diagramNote, 'notes'));
    y += FRAME;
    nodes.push(
      <g key={`estate-${e}`}>
        <rect x={PAD / 2} y={top} width={WIDTH - PAD} height={y - top} rx={10} className={styles.diagramFrame} />
        {parts}
      </g>,
    );
    y += 14;
  });
  if (model.guardians) {
    const drawn = drawBand(model.guardians, y, WIDTH);
    nodes.push(drawn.node);
    y += drawn.height;
  }
  const height = y + PAD;

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
      className={styles.diagramSvg}
      style={{ minWidth: Math.round(WIDTH * 0.6), maxWidth: WIDTH }}
    >
      <title id={titleId}>{model.heading}</title>
      <desc id={descId}>{scenarioDescription(model)}</desc>
      {nodes}
    </svg>
  );
}
