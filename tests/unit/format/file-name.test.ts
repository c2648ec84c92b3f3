import { shortenFileName } from '@/lib/format/file-name';

describe('shortenFileName', () => {
  it.each([
    ['short.pdf', 'short.pdf'],
    ['', ''],
    [null, ''],
    ['a'.repeat(26) + '.pdf', 'a'.repeat(26) + '.pdf'], // exactly 30: kept
    ['abcdefghijklmnopqrstuvwxyz12.pdf', 'abcdefghijklmnopqrstuvwxyz....pdf'], // 32: first 26 + '...' + last 4
    ['a'.repeat(27) + '.pdf', 'a'.repeat(26) + '....pdf'], // 31: just over the limit
    ['Trust Agreement - Final Signed Copy 2024.docx', 'Trust Agreement - Final Si...docx'],
  ])('%p → %p', (input, expected) => {
    expect(shortenFileName(input)).toBe(expected);
  });

  it('never returns more than 33 characters', () => {
    expect(shortenFileName('x'.repeat(200))).toHaveLength(33);
  });
});
