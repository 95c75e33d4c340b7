import QRCode from 'qrcode';
import { escapeHtml } from '@shared/escape-html';

/**
 * Drawing a QR takes 1.5–2.5 ms of the server's one thread, most of a gift page's own work,
 * and the same gift is drawn again and again (the recipient reopens the link, switches
 * language, prints the card, shows it at the counter). The drawing depends only on the URL
 * and the label, so the most recent ones are kept: ≈ 2.6 KB each, at most QR_CACHE_SIZE.
 */
const QR_CACHE_SIZE = 500;
const drawn = new Map<string, Promise<string>>();

/**
 * The QR as inline SVG (≈2.5 KB, one path, no request of its own), labelled for screen
 * readers. Error correction M survives a scratched screen or a creased print. The quiet zone
 * is the 4 modules ISO/IEC 18004 asks for: with 2, the print card's QR next to its border
 * and text stopped scanning once printed or shown small.
 */
export const QR_QUIET_ZONE = 4;

export function renderQrSvg(url: string, label: string): Promise<string> {
  const key = `${label}\n${url}`;
  let svg = drawn.get(key);
  if (svg) {
    // Most recently used last: the Map's order is the eviction order.
    drawn.delete(key);
  } else {
    svg = drawQrSvg(url, label);
    svg.catch(() => drawn.delete(key));
  }
  drawn.set(key, svg);
  if (drawn.size > QR_CACHE_SIZE) drawn.delete(drawn.keys().next().value!);
  return svg;
}

async function drawQrSvg(url: string, label: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: QR_QUIET_ZONE });
  return svg.trim().replace('<svg ', `<svg role="img" aria-label="${escapeHtml(label)}" focusable="false" `);
}
