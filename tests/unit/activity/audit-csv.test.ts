import { csvCell, csvLine } from '@/lib/activity/audit-csv';
import { attachmentName, csvRowCounter } from '@/lib/activity/csv-progress';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['cr\rlf', '"cr\rlf"'],
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['=HYPERLINK("x"),y', `"'=HYPERLINK(""x""),y"`],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers as they are and null as an empty cell', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvLine([1, null, 'x'])).toBe('1,,x\r\n');
  });
});

describe('csvRowCounter', () => {
  it('counts rows ended outside quotes, across chunk boundaries, not the line breaks inside a quoted cell', () => {
    const text = `id,meta\r\n1,"a\r\nb ""q"""\r\n2,plain\r\n3,"x,\ny"\r\n`;
    for (let cut = 0; cut <= text.length; cut++) {
      const count = csvRowCounter();
      count(text.slice(0, cut));
      expect(count(text.slice(cut))).toBe(4);
    }
  });
});

describe('attachmentName', () => {
  it('reads the file name, or falls back when there is none', () => {
    expect(attachmentName('attachment; filename="audit-log-2026-11-28.csv"', 'x.csv')).toBe('audit-log-2026-11-28.csv');
    expect(attachmentName(null, 'x.csv')).toBe('x.csv');
  });
});
