import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/**
 * Files for upload tests, made on the spot (no binary fixtures in the repository), and a
 * multipart/form-data body builder for `app.inject`.
 */

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; fileName: string; contentType: string; data: Buffer };

export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----regalo-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A tiny but well-formed PDF; `padTo` appends a comment so the file reaches that size. */
export function samplePdf(padTo = 0, trailer = ''): Buffer {
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n' +
      trailer,
  );
  if (padTo <= head.length) return head;
  return Buffer.concat([head, Buffer.alloc(padTo - head.length, 0x25)]);
}

export function samplePng(width = 16, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c2410c' } }).png().toBuffer();
}

export function sampleJpeg(width = 16, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#15803d' } }).jpeg().toBuffer();
}

/** A JPEG carrying EXIF (a marker string) and orientation 6 (shown rotated 90°). */
export function sampleJpegWithExif(marker: string, width = 64, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: marker, ImageDescription: marker } })
    .toBuffer();
}
