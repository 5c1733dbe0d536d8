import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../contract/envelope';
import { ErrorCode } from '../../contract/errors';
import {
  MOBILE_UPLOAD_MAX_BYTES,
  MOBILE_UPLOAD_URL,
  mobileUploadResponseSchema,
} from '../../contract/mobile';
import type { Database } from '../db/database';
import { ok } from '../http/envelope';
import { HttpError } from '../http/errors';
import { UPLOAD_FAILED } from '../media/images';
import type { MediaService } from '../media/media-service';
import { receiveImage } from '../media/receive-image';

/**
 * POST /api/upload/mobile: an app user's profile image, with exactly the limits storage-config
 * advertises (JPEG or PNG by content, MOBILE_UPLOAD_MAX_BYTES), cleaned like every image. It becomes
 * the caller's profileImage; the previous one is removed once nothing refers to it.
 */
export function mobileUploadRoutes(database: Database, media: MediaService) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MOBILE_UPLOAD_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      MOBILE_UPLOAD_URL,
      {
        config: { access: 'appUser' },
        schema: {
          tags: ['mobile'],
          summary: 'Upload your profile image (multipart field "file"; JPEG or PNG, at most 5 MB)',
          upload: {
            field: 'file',
            description: 'Your profile image: JPEG or PNG',
            contentTypes: ['image/jpeg', 'image/png'],
            maxBytes: MOBILE_UPLOAD_MAX_BYTES,
          },
          response: { 201: successEnvelope(mobileUploadResponseSchema) },
        },
      },
      async (request, reply) => {
        const userId = request.appUser?.id;
        if (!userId) throw new Error('app-user route reached without an app user');
        const url = await receiveImage(request, media, {
          field: 'file',
          maxBytes: MOBILE_UPLOAD_MAX_BYTES,
          folder: 'images/users',
        });
        let previous: string | null;
        try {
          previous = await database.db.transaction().execute(async (trx) => {
            const user = await trx
              .selectFrom('appUsers')
              .select('profileImage')
              .where('id', '=', userId)
              .executeTakeFirstOrThrow();
            await trx
              .updateTable('appUsers')
              .set({ profileImage: url, updatedAt: new Date().toISOString() })
              .where('id', '=', userId)
              .execute();
            return user.profileImage;
          });
        } catch (err) {
          request.log.error({ err }, 'saving a profile image failed');
          await media.discard(url, request.log);
          throw new HttpError(500, ErrorCode.internal, UPLOAD_FAILED);
        }
        await media.discard(previous, request.log);
        return reply.status(201).send(ok({ profileImage: url }));
      },
    );
  };
}
