import { escapeHtml } from '@shared/escape-html';
import type { DevMail } from './list-dev-mail';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Escapes the text and turns its URLs into links (the verification and reset links). */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    out += escapeHtml(text.slice(last, match.index));
    const url = escapeHtml(match[0]);
    out += `<a href="${url}">${url}</a>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

const time = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * A plain page (no scripts: the CSP forbids inline ones) listing the dev mailbox. Long links
 * and addresses wrap anywhere, so the page does not scroll sideways on a phone.
 */
export function renderMailbox(mails: DevMail[]): string {
  const items = mails
    .map(
      (m) => `<article style="border:1px solid #d1d5db;border-radius:8px;padding:16px;margin:0 0 16px;">
<h2 style="margin:0 0 4px;font-size:18px;overflow-wrap:anywhere;">${escapeHtml(m.subject)}</h2>
<p style="margin:0 0 8px;color:#374151;overflow-wrap:anywhere;">To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${m.createdAt}">${escapeHtml(time.format(new Date(m.createdAt)))}</time></p>
<pre style="white-space:pre-wrap;overflow-wrap:anywhere;font-family:inherit;margin:0;">${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · Regalo</title></head>
<body style="font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#111827;">
<h1 style="font-size:24px;">Dev mailbox</h1>
<p>Emails Regalo sent without an SMTP server, newest first. Reload to see new ones.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}
