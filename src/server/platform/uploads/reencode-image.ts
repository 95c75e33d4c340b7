import { AppError } from '../errors';
import { detectFileType } from './detect-file-type';

/** Formats sharp decodes that we take from users (SVG is deliberately absent: it is code). */
const DECODABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

// A 5 MB file can still decode to gigapixels; refuse anything bigger than a large photo.
const MAX_INPUT_PIXELS = 50_000_000;

export interface EncodedImage {
  /** Longest side limit this variant was made for. */
  maxSize: number;
  body: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded image: decoded by its magic bytes, turned upright by its EXIF
 * orientation, then written fresh as WebP with NO metadata (sharp drops EXIF, GPS, ICC
 * comments unless asked to keep them), once per size. Re-encoding also drops anything
 * smuggled after the image data (polyglots). Throws `invalidCode` (415) for non-images.
 */
export async function reencodeImage(
  input: Buffer,
  sizes: readonly number[],
  invalidCode = 'image_invalid',
): Promise<EncodedImage[]> {
  const detected = await detectFileType(input);
  if (!detected || !DECODABLE.has(detected.mime)) throw new AppError(invalidCode, 415, 'The file is not an image');
  // Loaded with the first image, not at start: sharp and libvips hold memory (ADR 043).
  const { default: sharp } = await import('sharp');
  try {
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).rotate();
    const out: EncodedImage[] = [];
    for (const maxSize of sizes) {
      const { data, info } = await source
        .clone()
        .resize({ width: maxSize, height: maxSize, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      out.push({ maxSize, body: data, width: info.width, height: info.height });
    }
    return out;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Corrupt or hostile data that passed the magic-byte check but does not decode.
    throw new AppError(invalidCode, 415, 'The image could not be read');
  }
}
