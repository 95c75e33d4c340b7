import { fileTypeFromBuffer } from 'file-type';

export interface DetectedType {
  ext: string;
  mime: string;
}

/** The type of a file by its magic bytes (never by its name), or null when unknown. */
export async function detectFileType(body: Buffer): Promise<DetectedType | null> {
  const detected = await fileTypeFromBuffer(body);
  return detected ? { ext: detected.ext, mime: detected.mime } : null;
}

/** Extensions people give files of a detected type (`jpeg` files are named .jpg too). */
const namesFor: Record<string, readonly string[]> = {
  pdf: ['pdf'],
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
  gif: ['gif'],
  avif: ['avif'],
};

/** Whether a file named `.{declared}` may hold content detected as `detected`. */
export function extensionMatches(declared: string, detected: DetectedType): boolean {
  return (namesFor[detected.ext] ?? [detected.ext]).includes(declared.toLowerCase());
}
