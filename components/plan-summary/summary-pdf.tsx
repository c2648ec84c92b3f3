import 'server-only';
import { Document, Font, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import type { OrderedList, PlanSummary, SummaryRow } from '@/lib/plan-summary/summary';

// Words are never broken with a hyphen: names and addresses read whole.
Font.registerHyphenationCallback((word) => [word]);

/*
 * The plan summary drawn as a PDF (issue 30) with @react-pdf/renderer, on the server: US Letter, the PDF's
 * standard fonts (Helvetica, Times for the title: nothing to load, WinAnsi text), a running header and a
 * footer on every page. It only draws lib/plan-summary/summary.ts's content, which is already worded.
 */

const PRIMARY = '#1f4e79';
const TEXT = '#1b1f23';
const MUTED = '#4a5259';
const RULE = '#c9d3dd';
const BAND = '#eef3f8';
// Line height on the texts that wrap, each with its own font size (a unitless line height is taken against
// react-pdf's default 18 pt otherwise), never on the page: inherited by a page-number text (a render prop), it
// made react-pdf 4.9.0 drop the whole fixed footer.
const LINE = 1.35;

const s = StyleSheet.create({
  page: { paddingTop: 56, paddingBottom: 56, paddingHorizontal: 54, fontFamily: 'Helvetica', fontSize: 9.5, color: TEXT },
  running: { position: 'absolute', top: 24, left: 54, right: 54, flexDirection: 'row', justifyContent: 'space-between', fontSize: 8, color: MUTED },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 54,
    right: 54,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 7.5,
    color: MUTED,
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    paddingTop: 5,
  },
  masthead: { borderBottomWidth: 2, borderBottomColor: PRIMARY, paddingBottom: 10, marginBottom: 12 },
  kicker: { fontSize: 8.5, color: PRIMARY, fontFamily: 'Helvetica-Bold', letterSpacing: 1.2, textTransform: 'uppercase' },
  title: { fontFamily: 'Times-Bold', fontSize: 24, lineHeight: 1.15, color: PRIMARY, marginTop: 4 },
  subtitle: { fontSize: 11, marginTop: 3 },
  facts: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 8 },
  fact: { marginRight: 22, marginTop: 2 },
  factLabel: { fontSize: 7.5, color: MUTED, textTransform: 'uppercase', letterSpacing: 0.6 },
  factValue: { fontFamily: 'Helvetica-Bold', fontSize: 10 },
  notice: { backgroundColor: BAND, padding: 8, fontSize: 8.5, lineHeight: LINE, color: TEXT, marginBottom: 6 },
  section: { marginTop: 14 },
  h2: { fontFamily: 'Helvetica-Bold', fontSize: 12.5, color: PRIMARY, borderBottomWidth: 0.75, borderBottomColor: RULE, paddingBottom: 3, marginBottom: 6 },
  h3: { fontFamily: 'Helvetica-Bold', fontSize: 10, marginTop: 8, marginBottom: 3 },
  note: { fontSize: 8.5, lineHeight: LINE, color: MUTED, marginBottom: 3 },
  paragraph: { fontSize: 9.5, lineHeight: LINE, marginBottom: 4 },
  table: { borderTopWidth: 0.75, borderTopColor: RULE },
  headRow: { flexDirection: 'row', backgroundColor: BAND, borderBottomWidth: 0.75, borderBottomColor: RULE },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: RULE },
  headCell: { paddingVertical: 3, paddingHorizontal: 4, fontFamily: 'Helvetica-Bold', fontSize: 8, color: MUTED },
  cell: { paddingVertical: 3, paddingHorizontal: 4, fontSize: 9, lineHeight: LINE },
  list: { marginLeft: 2 },
  listItem: { flexDirection: 'row', marginBottom: 1.5 },
  listNumber: { width: 16, color: MUTED },
  twoColumns: { flexDirection: 'row', flexWrap: 'wrap', marginHorizontal: -8 },
  column: { width: '50%', paddingHorizontal: 8 },
  total: { fontFamily: 'Helvetica-Bold' },
  empty: { color: MUTED, fontStyle: 'italic' },
});

/**
 * An empty element before a heading that must stay with what follows it: react-pdf (4.9.0) moves a text with
 * `minPresenceAhead` to the next page only when something precedes it in its parent.
 */
function Anchor() {
  return <View />;
}

/** Tables up to this many rows move whole to the next page rather than leave their heading behind. */
const KEEP_TOGETHER_ROWS = 12;

/**
 * A table under its optional heading: a short one never splits; a long one repeats its header row on every
 * page it runs over; a row never splits.
 */
function Table({
  heading,
  columns,
  widths,
  rows,
  empty,
}: {
  heading?: ReactNode;
  columns: string[];
  widths: number[];
  rows: readonly SummaryRow[];
  empty?: string;
}) {
  return (
    <View wrap={rows.length > KEEP_TOGETHER_ROWS}>
      {typeof heading === 'string' ? (
        <>
          <Anchor />
          <Text style={s.h3} minPresenceAhead={56}>
            {heading}
          </Text>
        </>
      ) : (
        heading
      )}
      {rows.length ? (
        <View style={s.table}>
          <View style={s.headRow} fixed>
            {columns.map((c, i) => (
              <Text key={c} style={[s.headCell, { width: `${widths[i]}%` }]}>
                {c}
              </Text>
            ))}
          </View>
          {rows.map((row, r) => (
            <View key={r} style={s.row} wrap={false}>
              {row.map((cell, i) => (
                <Text key={i} style={[s.cell, { width: `${widths[i]}%` }]}>
                  {cell}
                </Text>
              ))}
            </View>
          ))}
        </View>
      ) : (
        <Text style={s.empty}>{empty ?? 'None.'}</Text>
      )}
    </View>
  );
}

function Section({ title, children, breakBefore = false }: { title: string; children: ReactNode; breakBefore?: boolean }) {
  return (
    <View style={s.section} break={breakBefore}>
      {/* The heading stays with what follows it. */}
      <Anchor />
      <Text style={s.h2} minPresenceAhead={110}>
        {title}
      </Text>
      {children}
    </View>
  );
}

function Ordered({ list }: { list: OrderedList }) {
  return (
    <View wrap={false} style={{ marginBottom: 4 }}>
      {list.heading ? <Text style={s.h3}>{list.heading}</Text> : null}
      {list.note ? <Text style={s.note}>{list.note}</Text> : null}
      {list.names.length ? (
        <View style={s.list}>
          {list.names.map((name, i) => (
            <View key={i} style={s.listItem}>
              <Text style={s.listNumber}>{i + 1}.</Text>
              <Text>{name}</Text>
            </View>
          ))}
        </View>
      ) : (
        <Text style={s.empty}>None named.</Text>
      )}
    </View>
  );
}

function Columns({ lists }: { lists: OrderedList[] }) {
  return (
    <View style={s.twoColumns}>
      {lists.map((list, i) => (
        <View key={i} style={s.column}>
          <Ordered list={list} />
        </View>
      ))}
    </View>
  );
}

/** The summary as a react-pdf document. */
export function PlanSummaryDocument({ summary }: { summary: PlanSummary }) {
  const couple = summary.trustors.length > 1;
  return (
    <Document title={`${summary.title} – summary`} author="Trustwell" subject="Plan summary" creator="Trustwell" producer="Trustwell" language="en-US">
      <Page size="LETTER" style={s.page}>
        <View style={s.running} fixed>
          <Text>{summary.title}</Text>
          <Text>Plan summary · {summary.generatedOn}</Text>
        </View>

        {/*
          No page numbers: any render prop (pageNumber, totalPages) makes react-pdf 4.9.0 lay the whole document out
          twice, which took the big couple's summary from about 300 to 500 ms (docs/decisions.md).
        */}
        <View style={s.footer} fixed>
          <Text>Summary generated {summary.generatedOn}. Not the legal documents: the signed documents govern.</Text>
          <Text>{summary.title}</Text>
        </View>

        <View style={s.masthead}>
          <Text style={s.kicker}>Plan summary</Text>
          <Text style={s.title}>{summary.title}</Text>
          <Text style={s.subtitle}>{summary.names}</Text>
          <View style={s.facts}>
            <Fact label="Plan status" value={summary.status} />
            {summary.governingState ? <Fact label="Governing law" value={summary.governingState} /> : null}
            <Fact label="Generated" value={summary.generatedOn} />
          </View>
        </View>
        <Text style={s.notice}>{summary.disclaimer}</Text>

        <Section title="People and their roles">
          <Table columns={['Name', 'Role']} widths={[45, 55]} rows={summary.trustors.map((p) => [p.name, p.role])} />
          <Text style={s.h3}>Successor trustees</Text>
          <Text style={s.note}>
            Who manages the trust {couple ? 'for each trustor ' : ''}when {couple ? 'they' : 'the trustor'} can no longer do so.
          </Text>
          <Columns lists={summary.trustees} />
          <Text style={s.h3}>Agents under powers of attorney</Text>
          {summary.agents.length ? (
            summary.agents.map((group) => (
              <View key={group.heading} wrap={false}>
                <Text style={[s.h3, { fontFamily: 'Helvetica', color: PRIMARY }]}>{group.heading}</Text>
                <Columns lists={group.lists} />
              </View>
            ))
          ) : (
            <Text style={s.empty}>None named.</Text>
          )}
          <Table
            heading="Guardians for minor children"
            columns={['Child', 'Guardians']}
            widths={[45, 55]}
            rows={summary.guardians}
            empty="No minor children."
          />
        </Section>

        <Section title="Who receives what">
          {summary.beneficiaries.map((client) => (
            <View key={client.client}>
              {couple ? (
                <>
                  <Anchor />
                  <Text style={[s.h3, { fontSize: 11, color: PRIMARY }]} minPresenceAhead={90}>
                    For {client.client}
                  </Text>
                </>
              ) : null}
              {client.tiers.length ? (
                client.tiers.map((tier) => (
                  <Table
                    key={tier.heading}
                    heading={tier.heading}
                    columns={['Beneficiary', 'Relationship', 'Share', 'Per stirpes']}
                    widths={[44, 24, 14, 18]}
                    rows={tier.rows}
                  />
                ))
              ) : (
                <Text style={s.empty}>No beneficiaries named.</Text>
              )}
              {client.omitted.length ? (
                <Table heading="Intentionally omitted" columns={['Name', 'Relationship', 'Reason']} widths={[34, 20, 46]} rows={client.omitted} />
              ) : null}
            </View>
          ))}
          <Table
            heading="Specific gifts"
            columns={['To', 'Gift', 'From', 'If the beneficiary dies first']}
            widths={[22, 30, 20, 28]}
            rows={summary.gifts}
            empty="No specific gifts."
          />
        </Section>

        {summary.flow ? (
          <Section title={summary.flow.heading}>
            <Text style={s.note}>After the specific gifts, what remains passes as follows under the plan on file.</Text>
            {summary.flow.estates.map((estate) => (
              <View key={estate.heading} wrap={false}>
                <Text style={s.h3}>{estate.heading}</Text>
                <Text style={s.paragraph}>{estate.summary}</Text>
                {estate.manager ? <Text style={s.note}>Managed by {estate.manager}.</Text> : null}
                <Table columns={['Receives', 'Share', 'How']} widths={[40, 14, 46]} rows={estate.rows} />
                {estate.notes.map((n, i) => (
                  <Text key={i} style={s.note}>
                    {n}
                  </Text>
                ))}
              </View>
            ))}
          </Section>
        ) : null}

        <Section title="Assets and funding">
          <Text style={s.note}>{summary.funding.note}</Text>
          {summary.funding.groups.length ? (
            summary.funding.groups.map((group) => (
              <Table
                key={group.owner}
                heading={group.owner}
                columns={summary.funding.columns}
                widths={summary.funding.begun ? [44, 20, 17, 19] : [52, 26, 22]}
                rows={group.rows}
              />
            ))
          ) : (
            <Text style={s.empty}>No assets listed.</Text>
          )}
          <View wrap={false}>
            <Text style={s.h3}>Probate exposure</Text>
            <Text style={s.paragraph}>{summary.probate.sentence}</Text>
            <Table
              columns={['Owner', 'Outside the trust']}
              widths={[60, 40]}
              rows={couple ? [...summary.probate.byOwner, ['Total', summary.probate.total]] : summary.probate.byOwner}
            />
            <Text style={[s.note, { marginTop: 4 }]}>
              Stated values from the intake. Retirement accounts and annuities pass by their beneficiary designations and are not counted.
            </Text>
          </View>
        </Section>
      </Page>
    </Document>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View style={s.fact}>
      <Text style={s.factLabel}>{label}</Text>
      <Text style={s.factValue}>{value}</Text>
    </View>
  );
}

/** The summary's PDF bytes. */
export async function renderPlanSummaryPdf(summary: PlanSummary): Promise<Uint8Array> {
  return new Uint8Array(await renderToBuffer(<PlanSummaryDocument summary={summary} />));
}
