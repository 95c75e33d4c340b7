import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { AppError } from '../errors';
import { findNul } from '../refuse-nul';

export interface ReceivedUpload {
  body: Buffer;
  /** The name the browser sent, unchecked: never use it as a storage key. */
  fileName: string;
  /** The form's text fields (before or after the file). */
  fields: Record<string, string>;
}

export interface ReceiveUploadOptions {
  maxBytes: number;
  /** Problem code when the file is larger than maxBytes (413). */
  tooLargeCode: string;
  fileField?: string;
}

const MAX_FIELDS = 5;
const MAX_FIELD_BYTES = 1024;

function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads one file from a multipart request into memory, stopping as soon as it passes
 * `maxBytes` (busboy counts while streaming, so a huge body is refused after
 * maxBytes + one chunk, not after it has all arrived). Only one file is accepted.
 */
export async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ReceiveUploadOptions,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError('file_missing', 400, 'Send the file as multipart/form-data');
  const part = await request.file({
    limits: {
      fileSize: options.maxBytes,
      files: 1,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: MAX_FIELDS + 1,
    },
  });
  if (!part || part.fieldname !== (options.fileField ?? 'file')) {
    throw new AppError('file_missing', 400, 'No file in the request');
  }

  const tooLarge = () => {
    // Close the connection after the 413 so the client stops sending the rest of the body
    // (otherwise Node would read and discard it to keep the connection alive).
    reply.header('connection', 'close');
    return new AppError(options.tooLargeCode, 413, `The file is larger than ${options.maxBytes} bytes`);
  };
  // Not part.toBuffer(): that keeps reading (and discarding) a truncated file to its end.
  // Leaving the loop destroys the file stream, so the answer goes out at the limit.
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file) {
      if (part.file.truncated) throw tooLarge();
      size += (chunk as Buffer).length;
      if (size > options.maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLarge();
    throw error;
  }
  const body = Buffer.concat(chunks);
  // Belt and braces: a truncated stream must never be stored as if it were the whole file.
  if (part.file.truncated) throw tooLarge();
  if (body.length === 0) throw new AppError('file_empty', 400, 'The file is empty');

  // Read after the file: busboy has then seen the text fields on either side of it.
  const fields: Record<string, string> = {};
  const texts: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const all = (Array.isArray(value) ? value : [value]).flatMap((f) => (f?.type === 'field' && typeof f.value === 'string' ? [f.value] : []));
    if (all.length > 0) fields[name] = all[0]!;
    texts[name] = all;
  }
  // The app-wide NUL hook (refuse-nul.ts) runs before a handler reads the multipart body,
  // so the same rule is applied here: a NUL in any field, field name or the file name → 400.
  const nul = findNul(texts)?.replace(/\.\d+$/, '') ?? (part.filename?.includes('\u0000') ? part.fieldname : null);
  if (nul) throw AppError.validation({ [nul]: 'nul_character' }, 'Text must not contain NUL characters');

  return { body, fileName: part.filename ?? '', fields };
}

/**
 * A file name safe to show and to put in Content-Disposition: no path, no control,
 * invisible-format (bidirectional overrides, zero-width) or quoting characters, at most 120
 * characters, keeping the extension. A right-to-left override made `x‮fdp.exe` look like
 * `xexe.pdf` to the admin (ADR 014).
 */
export function safeFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/["'`<>|:*?;%\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (cleaned === '') return fallback;
  if (cleaned.length <= 120) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 6 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 120 - ext.length) + ext;
}
