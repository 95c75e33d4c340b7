import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderQrSvg } from './gift-qr';

const URL = `https://regalo.example/g/${'x'.repeat(20)}Ab_-${'9'.repeat(19)}`;

/** The SVG as pixels, one pixel per module (its viewBox is in modules). */
async function modules(svg: string) {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]);
  const { data } = await sharp(Buffer.from(svg), { density: 72 }).resize(size, size, { kernel: 'nearest' }).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number) => data[y * size + x]! < 128;
  return { size, dark };
}

describe('the gift QR', () => {
  it('has the 4-module quiet zone ISO/IEC 18004 asks for, and dark modules right after it', async () => {
    const { size, dark } = await modules(await renderQrSvg(URL, 'QR'));
    const border = [0, 1, 2, 3, size - 4, size - 3, size - 2, size - 1];
    for (const line of border) {
      for (let i = 0; i < size; i++) {
        expect(dark(line, i), `column ${line}, row ${i}`).toBe(false);
        expect(dark(i, line), `row ${line}, column ${i}`).toBe(false);
      }
    }
    // The finder pattern's corner starts right at module 4.
    expect(dark(4, 4)).toBe(true);
  });

  it('scans small: about two pixels a module', async () => {
    const svg = await renderQrSvg(URL, 'QR');
    const { size } = await modules(svg);
    const pixels = size * 2;
    const { data, info } = await sharp(Buffer.from(svg), { density: 72 }).resize(pixels, pixels).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(URL);
  });

  it('is labelled for screen readers', async () => {
    expect(await renderQrSvg(URL, 'Gift "QR"')).toMatch(/^<svg role="img" aria-label="Gift &quot;QR&quot;" focusable="false" /);
  });
});
