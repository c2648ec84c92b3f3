import { siteConfig } from '@/lib/config/site';

/** A block of a mail's body: a paragraph, or a value to copy as it is (a temporary password). */
export type MailBlock = string | { code: string };

/** A mail's content, written once: its plain text and its HTML are both made from it. */
export type MailContent = {
  greeting: string;
  paragraphs: readonly MailBlock[];
  /** The one thing to do: a button in HTML, the address on its own line in text. */
  button?: { label: string; url: string };
  /** What comes after the button: how long a link works, what to do if it was not you. */
  closing?: readonly MailBlock[];
  /** Small print under a rule: why the mail came, how to stop it. */
  footer?: readonly string[];
};

/** Text made safe for HTML, in an element or an attribute: names and addresses come from users. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const escape = escapeHtml;

/**
 * The plain-text and HTML bodies of a mail from one content: the HTML a single centered column with inline
 * styles (mail clients ignore style sheets), the firm's name at the top, one button; the text the same
 * words, the button's address on a line of its own. Every value is escaped: names come from users.
 */
export function renderMail(content: MailContent): { text: string; html: string } {
  // A value to copy stands on its own line, indented, so a reader (or a test) finds it whole.
  const textBlock = (b: MailBlock) => (typeof b === 'string' ? b : `    ${b.code}`);
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [textBlock(p), '']),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ''] : []),
    ...(content.closing ?? []).flatMap((p) => [textBlock(p), '']),
    ...(content.footer?.length ? ['--', ...content.footer] : []),
  ]
    .join('\n')
    .trimEnd();
  // A paragraph's own line breaks (a list of names) stay line breaks.
  const paragraph = (p: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2933">${escape(p).replace(/\n/g, '<br>')}</p>`;
  const code = (c: string) =>
    `<p style="margin:0 0 16px"><code style="display:inline-block;padding:8px 12px;background:#f4f5f7;border:1px solid #e4e7eb;border-radius:4px;font-family:Menlo,Consolas,monospace;font-size:18px;letter-spacing:1px;color:#1f2933">${escape(c)}</code></p>`;
  const block = (b: MailBlock) => (typeof b === 'string' ? paragraph(b) : code(b.code));
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f4f5f7;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 28px 8px;font-size:18px;font-weight:700;color:#1d3557">${escape(siteConfig.name)}</td></tr>
<tr><td style="padding:8px 28px 8px">${paragraph(content.greeting)}${content.paragraphs.map(block).join('')}${
    content.button
      ? `<p style="margin:8px 0 24px"><a href="${escape(content.button.url)}" style="display:inline-block;background:#1d3557;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escape(content.button.label)}</a></p>`
      : ''
  }${(content.closing ?? []).map(block).join('')}</td></tr>
${
  content.footer?.length
    ? `<tr><td style="padding:16px 28px 24px;border-top:1px solid #e4e7eb;font-size:13px;line-height:20px;color:#52606d">${content.footer.map(escape).join('<br>')}</td></tr>`
    : ''
}
</table></td></tr></table></body></html>`;
  return { text, html };
}
