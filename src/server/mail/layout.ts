import { DEMO_OPERATOR, type Operator } from '@shared/contracts/operator';
import { formatCountryIn } from '@shared/format';
import { escapeHtml, escapeHtmlLines } from '@shared/escape-html';
import { HTML_LANG, type Locale } from '@shared/locale';
import { oneFullStop } from '@shared/sentence-stop';
import { layoutTexts } from './layout-texts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * A paragraph is text, or text that ends in a link. A link's address is long (a map search
 * is ≈ 150 characters with no place to break) and would stretch the HTML email far past a
 * phone's width, so the HTML part shows a short label as the link and the text part, where
 * nothing is clickable otherwise, the address itself.
 */
export type MailParagraph = string | { lead: string; link: { label: string; url: string } };

export interface MailContent {
  locale: Locale;
  subject: string;
  /** Shown in the inbox list before the mail is opened. */
  preheader: string;
  heading: string;
  paragraphs: MailParagraph[];
  action?: { label: string; url: string };
  /** Small print under the button, e.g. how long the link works. */
  note?: string;
}

let operator: Operator = DEMO_OPERATOR;

/**
 * Names the operator in every email's footer. Set once at start-up from the
 * configuration (createApp); a module setting rather than a parameter because every
 * template of every feature renders through this layout, and none should have to pass it.
 */
export function setMailOperator(identity: Operator) {
  operator = identity;
}

function operatorLines(locale: Locale): string[] {
  const { name, taxId, supportEmail } = operator;
  const t = layoutTexts[locale];
  return [t.operator({ name, address: formatCountryIn(operator.address, locale), taxId }), t.help({ supportEmail })];
}

/** "Hi Ana," in the reader's language. */
export const greeting = (locale: Locale, name: string) => layoutTexts[locale].greeting({ name });
/** For a mail to an address that has not proven itself, or to a person without a name. */
export const plainGreeting = (locale: Locale) => layoutTexts[locale].plainGreeting;

/**
 * One branded layout for every email. Inline styles only (mail clients drop <style>), a
 * table for the button so Outlook renders it, real text colours with enough contrast, and
 * the link repeated as plain text for clients that block buttons and for screen readers.
 */
export function renderMail(given: MailContent): RenderedMail {
  // A name ending in "S.L." closes a sentence with one stop, whichever template wrote it.
  const content: MailContent = {
    ...given,
    subject: oneFullStop(given.subject),
    preheader: oneFullStop(given.preheader),
    heading: oneFullStop(given.heading),
    paragraphs: given.paragraphs.map((p) => (typeof p === 'string' ? oneFullStop(p) : { ...p, lead: oneFullStop(p.lead) })),
    ...(given.note === undefined ? {} : { note: oneFullStop(given.note) }),
  };
  const { locale, action } = content;
  // A phone number reads as a number, never as its `tel:` address; mail apps link it anyway.
  const paragraphText = (p: MailParagraph) => (typeof p === 'string' ? p : `${p.lead} ${p.link.url.startsWith('tel:') ? p.link.label : p.link.url}`);
  const paragraphHtml = (p: MailParagraph) =>
    typeof p === 'string'
      ? escapeHtmlLines(p)
      : `${escapeHtml(p.lead)} <a href="${escapeHtml(p.link.url)}" style="color:#b4235a;">${escapeHtml(p.link.label)}</a>`;
  const textParts = [content.heading, '', ...content.paragraphs.flatMap((p) => [paragraphText(p), ''])];
  if (action) textParts.push(`${action.label}: ${action.url}`, '');
  if (content.note) textParts.push(content.note, '');
  textParts.push('--', layoutTexts[locale].footer, ...operatorLines(locale));

  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937;">${paragraphHtml(p)}</p>`)
    .join('\n');
  const button = action
    ? `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px;">
<tr><td style="border-radius:8px;background:#b4235a;">
<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(action.label)}</a>
</td></tr></table>
<p style="margin:0 0 8px;font-size:14px;line-height:20px;color:#4b5563;">${escapeHtml(layoutTexts[locale].linkHint)}</p>
<p style="margin:0 0 16px;font-size:14px;line-height:20px;word-break:break-all;"><a href="${escapeHtml(action.url)}" style="color:#b4235a;">${escapeHtml(action.url)}</a></p>`
    : '';
  const note = content.note
    ? `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#4b5563;">${escapeHtml(content.note)}</p>`
    : '';

  const html = `<!doctype html>
<html lang="${HTML_LANG[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f9fafb;font-family:Arial,Helvetica,sans-serif;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#f9fafb;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:560px;background:#ffffff;border-radius:12px;">
<tr><td style="padding:24px 32px 0;font-size:22px;font-weight:bold;color:#b4235a;">Regalo</td></tr>
<tr><td style="padding:16px 32px 8px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#111827;">${escapeHtml(content.heading)}</h1>
${paragraphs}
${button}
${note}
</td></tr>
<tr><td style="padding:16px 32px 24px;font-size:12px;line-height:18px;color:#4b5563;border-top:1px solid #e5e7eb;">${escapeHtml(layoutTexts[locale].footer)}${operatorLines(locale)
    .map((line) => `<br>${escapeHtml(line)}`)
    .join('')}</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
  return { subject: content.subject, text: textParts.join('\n'), html };
}
