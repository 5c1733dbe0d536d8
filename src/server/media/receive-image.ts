import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../contract/errors';
import { HttpError } from '../http/errors';
import { cleanImage, readLimited, UPLOAD_FAILED } from './images';
import { type ImageKind, newKey } from './keys';
import type { MediaService } from './media-service';
import { singleUpload } from './upload-part';

export interface ReceiveImageOptions {
  /** The multipart field the file must come in. */
  field: string;
  maxBytes: number;
  folder: `images/${ImageKind | 'users'}`;
}

/**
 * Every image upload: the one file of the form, cleaned (JPEG or PNG, metadata stripped), stored under
 * a new key in the active store and recorded as a media file. Answers its URL; when storing fails,
 * answers 500 and leaves nothing behind.
 */
export async function receiveImage(
  request: FastifyRequest,
  media: MediaService,
  options: ReceiveImageOptions,
): Promise<string> {
  const part = await singleUpload(request, {
    field: options.field,
    label: 'Image',
    maxBytes: options.maxBytes,
  });
  const image = await cleanImage(await readLimited(part.file, options.maxBytes));
  const store = await media.activeStore();
  const key = newKey(options.folder, image.ext);
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
  return url;
}
