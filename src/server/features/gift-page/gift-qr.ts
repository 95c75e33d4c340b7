import QRCode from 'qrcode';
import { escapeHtml } from '../../platform/mail/layout';

/** The gift page's absolute URL: what the QR encodes and what the business's scanner reads. */
export function giftPageUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/g/${encodeURIComponent(code)}`;
}

/**
 * The QR as inline SVG (≈2.5 KB, one path, no request of its own), labelled for screen
 * readers. Error correction M survives a scratched screen or a creased print.
 */
export async function renderQrSvg(url: string, label: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return svg.trim().replace('<svg ', `<svg role="img" aria-label="${escapeHtml(label)}" focusable="false" `);
}
