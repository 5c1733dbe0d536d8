import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, imageUploadResponseSchema } from '../../contract/media';
import { errors } from '../openapi/route-docs';
import { IMAGE_KINDS } from './keys';
import type { MediaService } from './media-service';
import { receiveImage } from './receive-image';

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
          const url = await receiveImage(request, media, {
            field: 'image',
            maxBytes: IMAGE_MAX_BYTES,
            folder: `images/${kind}`,
          });
          return reply.status(201).send({ imageUrl: url });
        },
      );
    }
  };
}
