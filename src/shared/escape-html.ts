/**
 * Text made safe for HTML, in an element or a quoted attribute: the server's pages and mails,
 * and the stand-ins the server paints into the single-page app's document.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
