import jsQR from 'jsqr';
import type { Raster } from './read-pdf';

export interface DecodedQr {
  text: string;
  /** Side of the symbol (without its quiet zone) on paper, in millimetres. */
  symbolMm: number;
  /** Modules per side, from the decoded version (17 + 4 × version). */
  modules: number;
  /** Whether the 4 modules around the symbol are white on every side. */
  quietZoneClear: boolean;
}

const luminance = (raster: Raster, x: number, y: number) => {
  const i = (Math.round(y) * raster.width + Math.round(x)) * 4;
  return 0.299 * raster.data[i]! + 0.587 * raster.data[i + 1]! + 0.114 * raster.data[i + 2]!;
};

/**
 * Finds and decodes the one QR code in a rendered page (jsQR, an independent ISO/IEC 18004
 * reader), measures it and looks at its quiet zone. Throws when there is no readable code.
 */
export function decodeQr(raster: Raster): DecodedQr {
  const code = jsQR(raster.data, raster.width, raster.height, { inversionAttempts: 'dontInvert' });
  if (!code) throw new Error('No readable QR code on the page');
  const { topLeftCorner: tl, topRightCorner: tr, bottomLeftCorner: bl } = code.location;
  const modules = 17 + 4 * code.version;
  const sidePx = (Math.hypot(tr.x - tl.x, tr.y - tl.y) + Math.hypot(bl.x - tl.x, bl.y - tl.y)) / 2;
  const modulePx = sidePx / modules;
  // Sample the middle of every module position in the 4-module ring outside the symbol
  // (the symbol is upright in our documents), staying half a module clear of its edge.
  let clear = true;
  for (let ring = 0.5; ring < 4; ring += 1) {
    for (let step = -ring; step <= modules + ring; step += 0.5) {
      const points = [
        [tl.x + step * modulePx, tl.y - ring * modulePx],
        [tl.x + step * modulePx, tl.y + sidePx + ring * modulePx],
        [tl.x - ring * modulePx, tl.y + step * modulePx],
        [tl.x + sidePx + ring * modulePx, tl.y + step * modulePx],
      ];
      for (const [x, y] of points) if (luminance(raster, x!, y!) < 200) clear = false;
    }
  }
  return { text: code.data, symbolMm: sidePx / raster.pixelsPerMm, modules, quietZoneClear: clear };
}
