import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/*
 * Reads a PDF the way a person's viewer does, for tests: PDF.js (Mozilla's reader) extracts
 * the text a reader would copy and renders pages to pixels (on @napi-rs/canvas, which
 * PDF.js uses in Node), so a test checks what is on the page, not what the writer meant.
 */

const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// The standard 14 fonts are not embedded in a PDF; PDF.js draws them with the ones it ships.
const standardFontDataUrl = `${path.join(pdfjsDir, 'standard_fonts')}/`;

async function open(pdf: Uint8Array) {
  return getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, isEvalSupported: false, verbosity: 0 }).promise;
}

/** The text of every page, each page's text items joined by spaces, pages by a blank line. */
export async function pdfText(pdf: Uint8Array): Promise<{ pages: number; text: string }> {
  const document = await open(pdf);
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return { pages: document.numPages, text: pages.join('\n\n') };
}

export interface Raster {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8ClampedArray;
  /** Pixels per millimetre of paper. */
  pixelsPerMm: number;
}

/** One page rendered at `dpi` dots per inch on a white background. */
export async function rasterisePdfPage(pdf: Uint8Array, pageNumber = 1, dpi = 200): Promise<Raster> {
  const document = await open(pdf);
  const page = await document.getPage(pageNumber);
  const viewport = page.getViewport({ scale: dpi / 72 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  await document.destroy();
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data), pixelsPerMm: dpi / 25.4 };
}
