import { poaRecordTexts } from '@/components/intake/poas/poa-types';
import { nounInSentence, recordTexts } from '@/components/records/record-texts';

describe('recordTexts', () => {
  it('builds the whole lifecycle from a noun and a section name', () => {
    expect(recordTexts({ noun: 'Child', section: 'Children' })).toEqual({
      noun: 'Child',
      section: 'Children',
      newTitle: 'New Child',
      editTitle: 'Edit Child',
      added: 'Child Added',
      addAnother: 'Would you like to add another child?',
      finished: 'Finished With Children',
      updated: 'Child Updated',
      removeTitle: 'Remove Child?',
      removeMessage: 'Are you sure you would like to remove this child?',
    });
  });

  // The spec's catalogue (intake §8), including its exceptions.
  it.each([
    [
      { noun: 'Beneficiary', section: 'Beneficiaries' },
      'Beneficiary Added',
      'Beneficiary Updated',
      'Remove Beneficiary?',
      'Are you sure you would like to remove this beneficiary?',
    ],
    [
      { noun: 'Successor Trustee', section: 'Successor Trustees', updated: 'Successor Trustees Updated' },
      'Successor Trustee Added',
      'Successor Trustees Updated',
      'Remove Successor Trustee?',
      'Are you sure you would like to remove this successor trustee?',
    ],
    [
      { noun: 'General PoA', section: 'General Durable Power of Attorneys' },
      'General PoA Added',
      'General PoA Updated',
      'Remove General PoA?',
      'Are you sure you would like to remove this general PoA?',
    ],
    [
      { noun: 'Retirement Account', section: 'Retirement Accounts' },
      'Retirement Account Added',
      'Retirement Account Updated',
      'Remove Retirement Account?',
      'Are you sure you would like to remove this retirement account?',
    ],
    [
      { noun: 'Annuity', section: 'Annuities', removeTitle: 'Remove Annuity Account?', nounInSentence: 'annuity account' },
      'Annuity Added',
      'Annuity Updated',
      'Remove Annuity Account?',
      'Are you sure you would like to remove this annuity account?',
    ],
  ])('%o', (config, added, updated, removeTitle, removeMessage) => {
    expect(recordTexts(config)).toMatchObject({ added, updated, removeTitle, removeMessage });
  });

  // 'Finished With …' names the section as the review does (issue 18): '<Type> Durable Power of Attorneys'
  // per PoA type (Gifts and Annuities are walked in Chromium by intake-part2.e2e.ts).
  it.each([
    [poaRecordTexts('general'), 'Finished With General Durable Power of Attorneys'],
    [poaRecordTexts('medical'), 'Finished With Medical Durable Power of Attorneys'],
    [poaRecordTexts('financial'), 'Finished With Financial Durable Power of Attorneys'],
  ])('%o → %p', (config, finished) => {
    expect(recordTexts(config).finished).toBe(finished);
  });

  it('takes every override', () => {
    const texts = recordTexts({
      noun: 'Property',
      section: 'Properties',
      newTitle: 'New Property',
      editTitle: 'Edit Property',
      finished: 'Done',
      addAnother: 'Another one?',
    });
    expect(texts).toMatchObject({ finished: 'Done', addAnother: 'Another one?', newTitle: 'New Property' });
  });
});

describe('nounInSentence', () => {
  it.each([
    ['Child', 'child'],
    ['Retirement Account', 'retirement account'],
    ['General PoA', 'general PoA'],
    ['Roth IRA', 'roth IRA'],
    ['', ''],
  ])('%p → %p', (noun, expected) => {
    expect(nounInSentence(noun)).toBe(expected);
  });
});
