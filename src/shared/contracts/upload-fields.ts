// Without zod, for the web's upload helpers (ADR 039).
/** Multipart field names. */
export const UPLOAD_FIELDS = { type: 'type', file: 'file' } as const;
