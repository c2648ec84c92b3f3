import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntakeScreen } from '@/components/intake/intake-screen';
import { wrap } from '@/components/intake/review/diagram-parts';
import { bandsOf, EstateDiagram, type WhatIfProps } from '@/components/intake/review/estate-diagram';
import type { ReviewExtras } from '@/components/intake/review/review-screen';
import { scenarioModelOf } from '@/components/intake/review/what-if-diagram';
import { CallProvider } from '@/components/ui/call-provider';
import { whatIfOf } from '@/lib/estate-flow';
import { toJsonText } from '@/lib/json-text';
import { axeViolations } from '../records/axe';
import { ANSWERED, beneficiary, child, guardian, household, person, terms, trustee } from './fake-intake';

jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
jest.mock('@/lib/actions/plans', () => jest.requireActual('./plans-actions-mock'));
jest.mock('@/lib/actions/payments', () => jest.requireActual('../payments-actions-mock'));
// A plain link: next/link's prefetching updates its state outside act() as it watches the viewport.
jest.mock('next/link', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    __esModule: true,
    // Only the address and the attributes: scroll, replace and prefetch are the router's business.
    default: (props: { href: string; scroll?: boolean; replace?: boolean; prefetch?: boolean }) => {
      const attributes: Record<string, unknown> = { ...props };
      delete attributes.scroll;
      delete attributes.replace;
      delete attributes.prefetch;
      return createElement('a', attributes);
    },
  };
});
const replace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), replace }) }));

describe('the estate summary diagram', () => {
  const view = household({
    beneficiaries: [
      beneficiary({
        person: person({ firstName: 'Avery', lastName: 'Rivera' }),
        terms1: terms('primary', '50', { isPerStirpes: true }),
        terms2: terms('primary', '40'),
      }),
      beneficiary({ person: person({ firstName: 'Elena', lastName: 'Rivera' }), terms1: terms('contingent', '100'), terms2: terms('contingent', '100') }),
      beneficiary({ person: person({ firstName: 'Left', lastName: 'Out' }), terms1: terms('omitted', '0') }),
    ],
    trustees: [
      trustee({ person: person({ firstName: 'Second', lastName: 'Trustee' }), order1: 2, order2: 2 }),
      trustee({ person: person({ firstName: 'First', lastName: 'Trustee' }), order1: 1, order2: 1 }),
    ],
    children: [
      child({
        person: person({ firstName: 'Noah', lastName: 'Rivera', dob: '2016-08-09' }),
        guardian1: guardian({ firstName: 'Morgan', lastName: 'Ellis' }),
        guardian2: guardian({ firstName: 'Chris', lastName: 'Ellis' }),
      }),
      child({ person: person({ firstName: 'Grown', lastName: 'Up', dob: '1990-01-01' }), guardian1: guardian({ firstName: 'Not', lastName: 'Shown' }) }),
    ],
  });

  it('draws the tiers with shares and per stirpes marks, the trustees in order and the guardians of minors only', () => {
    expect(bandsOf(view)).toEqual([
      { label: 'Primary beneficiaries', boxes: [{ title: 'Avery Rivera', detail: 'Pat 50% · Sam 40% · per stirpes' }] },
      { label: 'Contingent beneficiaries', boxes: [{ title: 'Elena Rivera', detail: '100%' }] },
      { label: 'Successor trustees, in order', boxes: [{ title: '1. First Trustee' }, { title: '2. Second Trustee' }] },
      { label: 'Guardians of minor children', boxes: [{ title: 'Morgan Ellis & Chris Ellis', detail: 'Guardian of Noah Rivera' }] },
    ]);
  });

  it('is an image named Estate summary, described in words for screen readers', () => {
    render(<EstateDiagram view={view} />);
    const img = screen.getByRole('img', { name: 'Estate summary' });
    expect(img).toHaveAccessibleDescription(
      /Pat Rivera and Sam Rivera create The Rivera Family Trust\. Primary beneficiaries: Avery Rivera \(Pat 50% · Sam 40% · per stirpes\)/,
    );
  });
});

describe('what if: a scenario of the estate diagram (issue 30)', () => {
  const NOW = new Date('2026-11-29T12:00:00Z');
  const averyPerson = person({ firstName: 'Avery', lastName: 'Rivera' });
  const morganPerson = person({ firstName: 'Morgan', lastName: 'Ellis' });
  // Avery is the only child: her grandchild Rowan takes her share per stirpes; she is also the first trustee.
  const family = household({
    client: { isSpouseBeneficiary: true },
    spouse: { isSpouseBeneficiary: true },
    beneficiaries: [
      beneficiary({ person: averyPerson, terms1: terms('primary', '50', { isPerStirpes: true }), terms2: terms('primary', '50', { isPerStirpes: true }) }),
      beneficiary({
        person: person({ firstName: 'Elena', lastName: 'Rivera' }),
        terms1: terms('primary', '50', { relationship: 'Sibling' }),
        terms2: terms('primary', '50', { relationship: 'Sibling' }),
      }),
      beneficiary({
        person: person({ firstName: 'Rowan', lastName: 'Rivera' }),
        terms1: terms('contingent', '100', { relationship: 'Grandchild' }),
        terms2: terms('contingent', '100', { relationship: 'Grandchild' }),
      }),
      beneficiary({
        person: person({ firstName: 'Left', lastName: 'Out' }),
        terms1: terms('omitted', '0', { relationship: 'Sibling', omissionReason: 'Provided for during our lifetime.' }),
      }),
    ],
    trustees: [trustee({ person: averyPerson, order1: 1, order2: 1 }), trustee({ person: morganPerson, order1: 2, order2: 2 })],
  });
  const averyId = `predeceased:${family.beneficiaries[0]!.hash}`;
  const whatIfOfFamily = (id: string | null): WhatIfProps => ({ path: '/client-info/client-pat', ...whatIfOf(family, id, NOW) });

  it('the switch: "As written" first and every scenario, links to the page with ?whatIf=, the one shown marked', () => {
    render(<EstateDiagram view={family} whatIf={whatIfOfFamily('first-death:1')} />);
    const nav = screen.getByRole('navigation', { name: 'What if…' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['As written', '/client-info/client-pat?whatIf=as-written#what-if', null],
      ['Pat dies first', '/client-info/client-pat?whatIf=first-death%3A1#what-if', 'page'],
      ['Sam dies first', '/client-info/client-pat?whatIf=first-death%3A2#what-if', null],
      ['Both have died', '/client-info/client-pat?whatIf=second-death#what-if', null],
      ['Avery Rivera dies before Pat and Sam', `/client-info/client-pat?whatIf=${encodeURIComponent(averyId)}#what-if`, null],
      ['Elena Rivera dies before Pat and Sam', expect.any(String), null],
    ]);
  });

  it('as written by default: the estate summary, "As written" marked', () => {
    render(<EstateDiagram view={family} whatIf={whatIfOfFamily(null)} />);
    expect(screen.getByRole('img', { name: 'Estate summary' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'As written' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/^Estate summary: who creates the trust/)).toBeInTheDocument();
  });

  it('the first death: everything to the survivor, the omitted with their reason, the survivor acting as trustee; the living estate says nothing passes', () => {
    const flow = whatIfOfFamily('first-death:1').flow!;
    const model = scenarioModelOf(flow);
    expect(model.heading).toBe('What if Pat dies first');
    expect(model.estates).toEqual([
      {
        title: "Pat's estate",
        summary: "Everything passes to Sam, the surviving trustor; Pat's beneficiaries receive after both deaths.",
        bands: [
          { label: 'Receives', boxes: [{ title: 'Sam Rivera', detail: '100% · surviving trustor' }] },
          {
            label: 'Omitted',
            boxes: [{ title: 'Left Out', detail: 'Omitted · Sibling', notes: ['Provided for during our lifetime.'], tone: 'gone' }],
          },
          {
            label: 'Trustee',
            boxes: [
              { title: 'Sam Rivera', detail: 'Acts: the surviving trustor' },
              { title: 'Avery Rivera', detail: 'Next in line: successor 1' },
            ],
          },
        ],
        notReached: [],
        notes: [],
      },
      { title: "Sam's estate", summary: "Sam is living: nothing passes from Sam's estate.", bands: [], notReached: [], notes: [] },
    ]);
    render(<EstateDiagram view={family} whatIf={whatIfOfFamily('first-death:1')} />);
    const img = screen.getByRole('img', { name: 'What if Pat dies first' });
    expect(img).toHaveAccessibleDescription(
      "What if Pat dies first. Pat's estate: Everything passes to Sam, the surviving trustor; Pat's beneficiaries receive after both deaths. " +
        'Receives: Sam Rivera (100% · surviving trustor). Omitted: Left Out (Omitted · Sibling; Provided for during our lifetime.). ' +
        "Trustee: Sam Rivera (Acts: the surviving trustor); Avery Rivera (Next in line: successor 1). Sam's estate: Sam is living: nothing passes from Sam's estate.",
    );
    expect(screen.getByText(/^What if Pat dies first: who receives each client's estate/)).toBeInTheDocument();
  });

  it('a beneficiary who dies before: struck, her share per stirpes in place of her, the next tier not reached, the trustee after her acting', () => {
    render(<EstateDiagram view={family} whatIf={whatIfOfFamily(averyId)} />);
    const img = screen.getByRole('img', { name: 'What if Avery Rivera dies before Pat and Sam' });
    const desc = img.querySelector('desc')!.textContent!;
    expect(desc).toContain("Pat's estate: Pat's estate passes to the primary beneficiaries.");
    expect(desc).toContain('Receives: Rowan Rivera (50% · primary; per stirpes, in place of Avery Rivera); Elena Rivera (50% · primary).');
    expect(desc).toContain('Died before: Avery Rivera (Died before · primary 50%; To their descendants: Rowan Rivera).');
    expect(desc).toContain('Contingent beneficiaries, not reached: Rowan Rivera.');
    expect(desc).toContain('Trustee: Morgan Ellis (Acts: successor trustee 2); Avery Rivera (Successor 1 · died before).');
    // Drawn: the per stirpes line under Rowan's share, Avery struck through in a greyed (dashed) box.
    const texts = [...img.querySelectorAll('text')];
    expect(texts.map((t) => t.textContent)).toEqual(expect.arrayContaining(['Rowan Rivera', '50% · primary', 'per stirpes, in place of Avery', 'Rivera']));
    const struck = texts.filter((t) => t.getAttribute('class')?.includes('diagramStruck')).map((t) => t.textContent);
    expect(struck).toEqual(['Avery Rivera', 'Avery Rivera', 'Avery Rivera', 'Avery Rivera']);
    expect(texts.map((t) => t.textContent)).toContain('Contingent beneficiaries, not reached: Rowan Rivera.');
  });

  it('minors: with their living parent, else the guardians named, else "no living guardian named"', () => {
    const withChildren = household({
      beneficiaries: [beneficiary({ terms1: terms('primary', '100'), terms2: terms('primary', '100') })],
      children: [
        child({
          owner: 'both',
          person: person({ firstName: 'Noah', lastName: 'Rivera', dob: '2016-08-09' }),
          guardian1: guardian({ firstName: 'Morgan', lastName: 'Ellis' }),
          guardian2: guardian({ firstName: 'Chris', lastName: 'Ellis' }),
        }),
        child({ owner: 'both', person: person({ firstName: 'Lily', lastName: 'Rivera', dob: '2018-01-01' }) }),
        child({ owner: 'both', person: person({ firstName: 'Grown', lastName: 'Up', dob: '1990-01-01' }) }),
      ],
    });
    const guardiansIn = (id: string) => scenarioModelOf(whatIfOf(withChildren, id, NOW).flow!).guardians;
    expect(guardiansIn('first-death:1')).toEqual({
      label: 'Minor children',
      boxes: [
        { title: 'Noah Rivera', detail: 'Stays with their parent', notes: ['Sam Rivera'] },
        { title: 'Lily Rivera', detail: 'Stays with their parent', notes: ['Sam Rivera'] },
      ],
    });
    expect(guardiansIn('second-death')).toEqual({
      label: 'Minor children',
      boxes: [
        { title: 'Noah Rivera', detail: 'Cared for by the guardians', notes: ['Morgan Ellis & Chris Ellis'] },
        { title: 'Lily Rivera', detail: 'No living guardian named', tone: 'warn' },
      ],
    });
    render(<EstateDiagram view={withChildren} whatIf={{ path: '/client-info', ...whatIfOf(withChildren, 'second-death', NOW) }} />);
    expect(screen.getByRole('img', { name: 'What if both have died' })).toHaveAccessibleDescription(
      /Minor children: Noah Rivera \(Cared for by the guardians; Morgan Ellis & Chris Ellis\); Lily Rivera \(No living guardian named\)\.$/,
    );
  });

  it('a note of the flow is drawn and said (an unanswered "survivor receives all benefits")', () => {
    const unanswered = household({ beneficiaries: [beneficiary({ terms1: terms('primary', '100'), terms2: terms('primary', '100') })] });
    render(<EstateDiagram view={unanswered} whatIf={{ path: '/client-info', ...whatIfOf(unanswered, 'first-death:2', NOW) }} />);
    const img = screen.getByRole('img', { name: 'What if Sam dies first' });
    expect(img.querySelector('desc')!.textContent).toContain('Whether Pat, as the surviving trustor, receives all benefits is not answered');
    expect([...img.querySelectorAll('text')].some((t) => t.textContent!.startsWith('Whether Pat, as the surviving trustor'))).toBe(true);
  });

  it('has no axe violations with the switch and a scenario drawn', async () => {
    const { container } = render(<EstateDiagram view={family} whatIf={whatIfOfFamily(averyId)} />);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('wraps words into lines of a width, the last one cut with an ellipsis', () => {
    expect(wrap('per stirpes, in place of Avery Rivera', 30)).toEqual(['per stirpes, in place of Avery', 'Rivera']);
    expect(wrap('one two three four', 8, 2)).toEqual(['one two', 'three…']);
    expect(wrap('Supercalifragilistic', 8)).toEqual(['Superca…']);
  });
});

describe('the review with what if and the probate exposure (issue 30)', () => {
  const NOW = new Date('2026-11-29T12:00:00Z');
  const view = household({
    client: { ...ANSWERED, isSpouseBeneficiary: true },
    spouse: { ...ANSWERED, isSpouseBeneficiary: true },
    beneficiaries: [beneficiary({ terms1: terms('primary', '100'), terms2: terms('primary', '100') })],
  });
  const renderReview = (review: ReviewExtras) =>
    render(
      <CallProvider>
        <IntakeScreen view={toJsonText(view)} startOnReview review={review} />
      </CallProvider>,
    );

  beforeEach(() => replace.mockReset());

  it('shows the probate sentence under the diagram with a pointer to the funding panel', () => {
    renderReview({
      whatIf: { path: '/client-info', ...whatIfOf(view, null, NOW) },
      probate: { sentence: '$412,000 would go through probate today.', toPanel: true },
    });
    const sentence = screen.getByText('$412,000 would go through probate today.');
    expect(sentence.closest('p')).toHaveTextContent('$412,000 would go through probate today. See the funding steps that move each asset into the trust.');
    expect(screen.getByRole('link', { name: 'See the funding steps' })).toHaveAttribute('href', '#funding');
  });

  it('says nothing about probate before funding begins, and no pointer without a panel', () => {
    const { unmount } = renderReview({ whatIf: { path: '/client-info', ...whatIfOf(view, null, NOW) }, probate: null });
    expect(screen.queryByText(/probate/)).toBeNull();
    unmount();
    renderReview({ probate: { sentence: 'Nothing would go through probate today.', toPanel: false } });
    expect(screen.getByText('Nothing would go through probate today.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See the funding steps' })).toBeNull();
  });

  it('Back leaves the scenario too (the page is asked again without ?whatIf): an older flow is never shown after edits', async () => {
    const user = userEvent.setup();
    renderReview({ whatIf: { path: '/client-info/client-pat', ...whatIfOf(view, 'first-death:1', NOW) }, probate: null });
    await screen.findByRole('img', { name: 'What if Pat dies first' });
    await user.click(screen.getAllByRole('button', { name: 'Back' })[0]!);
    expect(replace).toHaveBeenCalledWith('/client-info/client-pat', { scroll: false });
  });

  it('Back on the plan as written asks nothing of the server', async () => {
    const user = userEvent.setup();
    renderReview({ whatIf: { path: '/client-info', ...whatIfOf(view, null, NOW) }, probate: null });
    await user.click(screen.getAllByRole('button', { name: 'Back' })[0]!);
    expect(replace).not.toHaveBeenCalled();
  });
});
