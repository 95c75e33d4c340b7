import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessImageSchema, UPLOAD_FIELDS } from '@shared/contracts/business-documents';
import { MAX_IMAGE_BYTES } from '@shared/domain/documents';
import { requireUser } from '../../platform/auth/guard';
import { receiveUpload } from '../../platform/uploads/receive-upload';
import { removeBusinessImage } from './remove-business-image';
import { uploadBusinessImage } from './upload-business-image';

/** The business's public main image; only its owner changes it. */
export const businessImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/business/image', { schema: { response: { 200: businessImageSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    const upload = await receiveUpload(request, reply, {
      maxBytes: MAX_IMAGE_BYTES,
      tooLargeCode: 'image_too_large',
      fileField: UPLOAD_FIELDS.file,
    });
    return uploadBusinessImage(app.ctx, user.id, upload.body);
  });

  app.delete('/api/business/image', async (request, reply) => {
    const user = await requireUser(request);
    await removeBusinessImage(app.ctx, user.id);
    return reply.status(204).send();
  });
};
