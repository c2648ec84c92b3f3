import { render, screen } from '@testing-library/react';
import { bandsOf, EstateDiagram } from '@/components/intake/review/estate-diagram';
import { beneficiary, child, guardian, household, person, terms, trustee } from './fake-intake';

jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
jest.mock('@/lib/actions/plans', () => jest.requireActual('./plans-actions-mock'));

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
