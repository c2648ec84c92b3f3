import './fixed-site';
import { escapeHtml, renderMail } from '@/lib/mail/layout';
import { MAIL_TEMPLATES } from '@/lib/mail/templates/registry';
import type { MailParams, MailTemplate } from '@/lib/mail/templates/template';

/*
 * Issue 29, "Mail as a seam, with templates": every template rendered with its sample parameters (the
 * previews' data) is snapshotted, subject, text and HTML; a hostile name is escaped in every template's HTML;
 * a mailed secret stands in both bodies. The stored copy and delivery are tested against the database in
 * tests/integration/mail-templates.test.ts.
 */

const HOSTILE = `<script>alert("x")</script> & 'O'Brien'`;
const cases = MAIL_TEMPLATES.map((t) => [t.name, t] as const);

/** The template's sample with every text parameter but the address replaced by the hostile name. */
function hostileParams(t: MailTemplate<MailParams>): MailParams {
  const params: Record<string, unknown> = { ...t.sample };
  for (const [key, value] of Object.entries(params)) if (key !== 'to' && typeof value === 'string') params[key] = HOSTILE;
  return params as MailParams;
}

describe('the registry', () => {
  it('names each template once, in kebab-case (the preview address), with a title and a description', () => {
    const names = MAIL_TEMPLATES.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const t of MAIL_TEMPLATES) {
      expect(t.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(t.title.trim()).not.toBe('');
      expect(t.description.trim()).not.toBe('');
    }
  });

  it('lists the account, password, invite, e-mail-change, sign-up, reminder and notice mails', () => {
    expect(MAIL_TEMPLATES.map((t) => t.name)).toEqual([
      'account-created',
      'password-reset',
      'temporary-password',
      'password-changed',
      'confirm-new-email',
      'email-change-requested',
      'email-changed',
      'email-changed-by-admin',
      'sign-up-existing-account',
      'sign-up-invitation-waiting',
      'invite',
      'intake-reminder',
      'notification',
      'funding-reminder',
    ]);
  });
});

describe.each(cases)('the %s template', (_name, template) => {
  it('renders its sample: subject, text and HTML', () => {
    const mail = template.render(template.sample);
    expect(mail.to).toBe(template.sample.to);
    expect(mail.html).toBeDefined();
    expect({
      subject: mail.subject,
      headers: mail.headers ?? null,
      secret: mail.secret ? { kind: mail.secret.kind, value: mail.secret.value } : null,
    }).toMatchSnapshot('subject');
    expect(mail.text).toMatchSnapshot('text');
    expect(mail.html).toMatchSnapshot('html');
  });

  it('greets, names the firm and has no empty paragraph or unfilled value', () => {
    const mail = template.render(template.sample);
    expect(mail.text).toMatch(/^Hello( [^,\n]+)?,\n\n/);
    expect(mail.html).toContain('>Trustwell</td>');
    expect(mail.text).not.toMatch(/undefined|null|NaN|\[object/);
    expect(mail.html).not.toMatch(/undefined|null|NaN|\[object|<p[^>]*><\/p>/);
  });

  it('escapes a hostile name in the HTML, and leaves the plain text as typed', () => {
    const mail = template.render(hostileParams(template));
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain(`"x"`);
    const used = Object.keys(template.sample).some((k) => k !== 'to' && typeof (template.sample as Record<string, unknown>)[k] === 'string');
    if (used) {
      expect(mail.html).toContain(escapeHtml(HOSTILE));
      expect(`${mail.subject}\n${mail.text}`).toContain(HOSTILE);
    }
  });

  it('carries its secret, if any, in the text and (escaped) in the HTML', () => {
    const mail = template.render(template.sample);
    if (!mail.secret) return;
    expect(mail.text).toContain(mail.secret.value);
    expect(mail.html).toContain(escapeHtml(mail.secret.value));
  });
});

describe('renderMail', () => {
  it('escapes a button address in its href, and shows a value to copy on its own indented line', () => {
    const { text, html } = renderMail({
      greeting: 'Hello,',
      paragraphs: ['Your code:', { code: 'a<b>&c' }],
      button: { label: 'Open', url: 'https://x.example/p?a=1&b="2"' },
      closing: ['Bye.'],
    });
    expect(text).toBe('Hello,\n\nYour code:\n\n    a<b>&c\n\nOpen: https://x.example/p?a=1&b="2"\n\nBye.');
    expect(html).toContain('href="https://x.example/p?a=1&#38;b=&#34;2&#34;"');
    expect(html).toContain('>a&#60;b&#62;&#38;c</code>');
    expect(html.indexOf('Open</a>')).toBeLessThan(html.indexOf('Bye.'));
  });
});
