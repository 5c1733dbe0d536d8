import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '../../contract/errors';
import { IMAGE_MAX_BYTES, imageUploadResponseSchema } from '../../contract/media';
import { HttpError } from '../http/errors';
import { cleanImage, readLimited, UPLOAD_FAILED } from './images';
import { IMAGE_KINDS, newKey } from './keys';
import type { MediaService } from './media-service';
import { singleUpload } from './upload-part';

/** POST /api/{artists,albums,banners}/upload-image: multipart field `image` → 201 {imageUrl}. */
export function imageRoutes(media: MediaService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    for (const kind of IMAGE_KINDS) {
      r.post(
        `/api/${kind}/upload-image`,
        {
          config: { access: 'admin' },
          schema: {
            tags: [kind],
            summary: 'Upload an image (multipart field "image"; JPEG or PNG, at most 5 MB and 40 megapixels)',
            consumes: ['multipart/form-data'],
            response: { 201: imageUploadResponseSchema },
          },
        },
        async (request, reply) => {
          const store = await media.activeStore();
          const part = await singleUpload(request, {
            field: 'image',
            label: 'Image',
            maxBytes: IMAGE_MAX_BYTES,
          });
          const image = await cleanImage(await readLimited(part.file, IMAGE_MAX_BYTES));
          const key = newKey(`images/${kind}`, image.ext);
          const url = store.urlFor(key);
          try {
            await store.put(key, Readable.from([image.data]), image.contentType);
            await media.files.record({
              url,
              kind: 'image',
              contentType: image.contentType,
              size: image.data.length,
              sha256: createHash('sha256').update(image.data).digest('hex'),
              duration: null,
            });
          } catch (err) {
            request.log.error({ err }, 'storing an image failed');
            await store.delete(key).catch(() => undefined);
            throw new HttpError(500, ErrorCode.internal, UPLOAD_FAILED);
          }
          return reply.status(201).send({ imageUrl: url });
        },
      );
    }
  };
}
