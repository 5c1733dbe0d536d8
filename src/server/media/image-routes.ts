import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '../../contract/errors';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, imageUploadResponseSchema } from '../../contract/media';
import { HttpError } from '../http/errors';
import { errors } from '../openapi/route-docs';
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
            summary: 'Upload an image',
            description:
              'Multipart form with the file in the field `image`: JPEG or PNG, at most 5 MB and ' +
              `${IMAGE_MAX_PIXELS / 1_000_000} megapixels. It is re-encoded (metadata stripped) and stored under a ` +
              'generated name; the answer is its URL, to send as the image field of the record.',
            upload: {
              field: 'image',
              description: 'The image: JPEG or PNG',
              contentTypes: ['image/jpeg', 'image/png'],
              maxBytes: IMAGE_MAX_BYTES,
            },
            response: {
              201: imageUploadResponseSchema,
              ...errors({
                400: 'No file in the `image` field, a malformed form, or an image that cannot be read.',
                413: 'Larger than 5 MB, or more than 40 megapixels.',
                415: 'Not a multipart form, or the file is not a JPEG or PNG image.',
                500: 'Storing the image failed ("Failed to upload image").',
              }),
            },
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
