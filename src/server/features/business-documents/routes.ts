import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessDocumentListSchema,
  businessDocumentSchema,
  documentDownloadParamsSchema,
  documentTypeParamsSchema,
  UPLOAD_FIELDS,
} from '@shared/contracts/business-documents';
import { MAX_DOCUMENT_BYTES } from '@shared/domain/documents';
import { requireUser } from '../../platform/auth/guard';
import { receiveUpload } from '../../platform/uploads/receive-upload';
import { deleteDocument } from './delete-document';
import { downloadDocument } from '../../domain/documents/download-document';
import { listDocuments } from './list-documents';
import { parseDocumentType, uploadDocument } from './upload-document';

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
function attachmentHeader(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'document';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Verification documents: private to the business owner (and the platform team for download). */
export const businessDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/business/documents',
    { schema: { response: { 201: businessDocumentSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const upload = await receiveUpload(request, reply, {
        maxBytes: MAX_DOCUMENT_BYTES,
        tooLargeCode: 'file_too_large',
        fileField: UPLOAD_FIELDS.file,
      });
      const type = parseDocumentType(upload.fields[UPLOAD_FIELDS.type]);
      const document = await uploadDocument(app.ctx, user.id, { type, fileName: upload.fileName, body: upload.body });
      return reply.status(201).send(document);
    },
  );

  app.get(
    '/api/business/documents',
    { schema: { response: { 200: businessDocumentListSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const list = await listDocuments(app.ctx, user.id);
      return reply.header('cache-control', 'no-store').send(list);
    },
  );

  app.delete(
    '/api/business/documents/:type',
    { schema: { params: documentTypeParamsSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteDocument(app.ctx, user.id, request.params.type);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/business/documents/:businessId/:type/download',
    { schema: { params: documentDownloadParamsSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      const file = await downloadDocument(app.ctx, user, request.params.businessId, request.params.type);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.body);
    },
  );
};
