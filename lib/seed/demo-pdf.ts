/**
 * A real one-page PDF (1.4, Helvetica, a correct cross-reference table) with a title and lines of text,
 * for the demo's documents: it opens in a browser's PDF viewer and passes the upload rules' sniffing.
 * Text is ASCII; parentheses and backslashes are escaped.
 */
export function demoPdf(title: string, lines: readonly string[]): Uint8Array {
  const escape = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([()\\])/g, '\\$1');
  const content = ['BT /F1 20 Tf 72 720 Td', `(${escape(title)}) Tj`, '/F1 12 Tf 0 -32 Td 16 TL', ...lines.map((line) => `(${escape(line)}) Tj T*`), 'ET'].join(
    '\n',
  );
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
