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

/**
 * Text people wrote over several lines (a personal message) as HTML that keeps their line
 * breaks: escaped, each line break a `<br>`. Not CSS `white-space`: mail clients drop styles.
 */
export function escapeHtmlLines(value: string): string {
  return escapeHtml(value.trim()).replace(/\r\n|\r|\n/g, '<br>\n');
}
