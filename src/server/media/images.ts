import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ErrorCode } from '../../contract/errors';
import { IMAGE_MAX_PIXELS } from '../../contract/media';
import { HttpError } from '../http/errors';
import { fileTooLarge, unsupportedMediaType } from './errors';
import { contentTypeFor } from './keys';

// Each upload is decoded once; keeping decoded images in sharp's cache would only hold memory.
sharp.cache(false);

export const UPLOAD_FAILED = 'Failed to upload image';

export interface CleanImage {
  data: Buffer;
  ext: 'jpg' | 'png';
  contentType: string;
}

/**
 * Collects an image upload, small enough to hold, else 413. The stream must end by itself one byte
 * past `maxBytes` (busboy's limit), so reading on to its end costs nothing and keeps the request
 * flowing for the answer to reach the client.
 */
export async function readLimited(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += (chunk as Buffer).length;
    if (length <= maxBytes) chunks.push(chunk as Buffer);
  }
  if (length > maxBytes) throw fileTooLarge(maxBytes);
  return Buffer.concat(chunks);
}

const unreadable = (reason: string) =>
  new HttpError(400, ErrorCode.validation, UPLOAD_FAILED, [{ field: 'image', message: reason }]);

/**
 * Accepts JPEG and PNG by their magic bytes, refuses pixel floods before decoding (by the header's
 * dimensions, and sharp's own limit as a second guard), applies the EXIF orientation and re-encodes
 * in the same format, which drops every metadata block (EXIF, GPS, XMP, comments) and any payload
 * appended to the image.
 */
export async function cleanImage(input: Buffer): Promise<CleanImage> {
  const type = await fileTypeFromBuffer(input);
  const ext = type?.ext === 'jpg' || type?.ext === 'png' ? type.ext : null;
  if (!ext) throw unsupportedMediaType('Only JPG and PNG images are allowed', { accepted: ['jpg', 'png'] });

  const header = await sharp(input)
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height) throw unreadable('The image could not be read');
  if (header.width * header.height > IMAGE_MAX_PIXELS) {
    throw new HttpError(413, ErrorCode.tooLarge, 'Image dimensions too large', {
      width: header.width,
      height: header.height,
      maxPixels: IMAGE_MAX_PIXELS,
    });
  }

  const decoded = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate();
  const encoded =
    ext === 'jpg' ? decoded.jpeg({ quality: 85, mozjpeg: true }) : decoded.png({ compressionLevel: 7 });
  try {
    return { data: await encoded.toBuffer(), ext, contentType: contentTypeFor(ext) };
  } catch {
    throw unreadable('The image is damaged');
  }
}
