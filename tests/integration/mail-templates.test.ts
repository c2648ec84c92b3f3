import { eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import MailTemplatePreviewPage from '@/app/(workspace)/outbox/templates/[name]/page';
import MailTemplatesPage from '@/app/(workspace)/outbox/templates/page';
import { db } from '@/db';
import { mailOutbox } from '@/db/schema';
import { deliverQueuedMail, resetMailTransportForTests } from '@/lib/mail/deliver-mail';
import { escapeHtml } from '@/lib/mail/layout';
import { outgoingBodies, SECRET_PLACEHOLDER, sealMailSecret } from '@/lib/mail/mail-secrets';
import { queueMail } from '@/lib/mail/send-mail';
import { accountCreatedMail } from '@/lib/mail/templates/password';
import { MAIL_TEMPLATES } from '@/lib/mail/templates/registry';
import { sampleLink } from '@/lib/mail/templates/template';
import { makeAdvisor, makeUser } from '../helpers/factories';
import { redirectOf } from '../helpers/pages';
import { signInAs, signOut } from '../helpers/session';
import { TestSmtp } from '../helpers/smtp';

/*
 * Issue 29, "Mail as a seam, with templates": the secret a template puts in a mail (a link, a temporary
 * password) survives the template into both bodies, is stored as the placeholder in both (never in clear,
 * escaped or not), and is put back into both by delivery, escaped in the HTML. The templates' own snapshots
 * are in tests/unit/mail/templates.test.ts.
 */

const withSecret = MAIL_TEMPLATES.filter((t) => t.render(t.sample).secret).map((t) => [t.name, t] as const);

/** A raw message's quoted-printable parts decoded (soft line breaks joined, `=3D` read as `=`). */
const quotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function useSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetMailTransportForTests();
}
afterEach(() => {
  useSmtp(undefined);
  signOut();
});

async function storedRow(id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

it('covers the mails that carry a secret: the password links, the temporary password, the e-mail confirmation and the invitation', () => {
  expect(withSecret.map(([name]) => name)).toEqual(['account-created', 'password-reset', 'temporary-password', 'confirm-new-email', 'invite']);
});

describe.each(withSecret)('the %s mail', (_name, template) => {
  it('is stored with the placeholder in its text and HTML and the secret in neither; delivery puts it back in both', async () => {
    const mail = template.render({ ...template.sample, to: `${template.name}@templates.example` });
    const secret = mail.secret!.value;
    const row = await storedRow(await queueMail(db, mail));
    expect(row.text).toContain(SECRET_PLACEHOLDER);
    expect(row.html).toContain(SECRET_PLACEHOLDER);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(escapeHtml(secret));
    const out = outgoingBodies(row, new Date());
    expect(out.text).toBe(mail.text);
    expect(out.html).toBe(mail.html);
    expect(`${out.text}${out.html}`).not.toContain(SECRET_PLACEHOLDER);
  });
});

describe('a secret with characters HTML escapes', () => {
  const link = sampleLink('https://trustwell.example/set-password?token=a&b="c"<d>');
  const mail = accountCreatedMail({ to: 'escaped@templates.example', name: 'Nia', link, hours: 72 });

  it('stands escaped in the HTML (the button and nowhere raw), and is stored in neither form', async () => {
    expect(mail.html).toContain(`href="${escapeHtml(link.value)}"`);
    expect(mail.html).not.toContain(link.value);
    const row = await storedRow(await queueMail(db, mail));
    expect(row.html).toContain(`href="${SECRET_PLACEHOLDER}"`);
    for (const form of [link.value, escapeHtml(link.value), 'token=a&']) expect(JSON.stringify(row)).not.toContain(form);
    // Delivery puts it back escaped in the HTML, as written in the text.
    expect(outgoingBodies(row, new Date())).toEqual({ text: mail.text, html: mail.html });
  });

  it('is refused when a body would not carry it: an HTML reader would get no link', () => {
    expect(() => sealMailSecret('h', { text: mail.text, html: '<p>No link here</p>' }, link)).toThrow('The mail HTML body does not contain its secret.');
    expect(() => sealMailSecret('h', { text: 'No link here', html: mail.html! }, link)).toThrow('The mail body does not contain its secret.');
  });
});

it('reaches the mailbox by SMTP with the link in the text and the HTML part, and the row keeps neither', async () => {
  const smtp = await new TestSmtp().start();
  try {
    useSmtp(smtp.url);
    const invite = MAIL_TEMPLATES.find((t) => t.name === 'invite')!;
    const mail = invite.render({ ...invite.sample, to: 'smtp@templates.example' });
    const id = await queueMail(db, mail);
    expect(await deliverQueuedMail(id, { now: new Date() })).toBe('sent');
    const raw = quotedPrintable(smtp.received.at(-1)!.raw);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    // Once in the text (the button's line), once in the HTML (the button's href).
    expect(raw.split(mail.secret!.value).length - 1).toBe(2);
    expect(raw).not.toContain(SECRET_PLACEHOLDER);
    const row = await storedRow(id);
    expect(row).toMatchObject({ status: 'sent', secretCipher: null, secretRemoved: 'sent' });
    expect(JSON.stringify(row)).not.toContain(mail.secret!.value);
  } finally {
    await smtp.stop();
  }
});

describe('the previews beside /outbox', () => {
  const preview = (name: string) => MailTemplatePreviewPage({ params: Promise.resolve({ name }) });

  it('lists every template for an admin, each linking its preview', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    await signInAs(admin);
    const html = renderToStaticMarkup(await MailTemplatesPage());
    for (const t of MAIL_TEMPLATES) expect(html).toContain(`href="/outbox/templates/${t.name}"`);
    expect(html).toContain('Subject: Reset your Trustwell password');
  });

  it('shows a preview: the HTML in a sandboxed frame, the plain text beside it, the sample data only', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    await signInAs(admin);
    const html = renderToStaticMarkup(await preview('temporary-password'));
    const template = MAIL_TEMPLATES.find((t) => t.name === 'temporary-password')!;
    const mail = template.render(template.sample);
    expect(html).toMatch(/<iframe[^>]* sandbox=""/);
    // React escapes attributes its own way; the frame's document is the mail's HTML.
    const srcdoc = /srcDoc="([^"]*)"/i.exec(html)![1];
    expect(
      srcdoc
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ).toBe(mail.html);
    expect(html).toContain(mail.text.split('\n')[0]);
    expect(html).toContain(template.sample.to);
    expect(html).toContain('Carries a temporary password');
    // Nobody's data: the admin's own address is nowhere in it.
    expect(html).not.toContain(admin.email);
  });

  it('has the outbox’s permission: others go to their own home, guests to sign in; an unknown name is the 404 page', async () => {
    await expect(redirectOf(() => MailTemplatesPage())).resolves.toBe('/login?next=%2Foutbox%2Ftemplates');
    const { user: advisor } = await makeAdvisor();
    await signInAs(advisor);
    await expect(redirectOf(() => MailTemplatesPage())).resolves.toBe('/dashboard');
    await expect(redirectOf(() => preview('invite'))).resolves.toBe('/dashboard');
    const { user: admin } = await makeUser({ isAdmin: true });
    await signInAs(admin);
    await expect(preview('no-such-template')).rejects.toMatchObject({ digest: expect.stringContaining('NEXT_HTTP_ERROR_FALLBACK;404') });
  });
});
