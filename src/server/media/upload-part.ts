import { PassThrough } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../contract/errors';
import { HttpError } from '../http/errors';
import { missingFile, unsupportedMediaType } from './errors';

/**
 * The one file of a multipart upload, as a stream. `field` names the form field it must come in
 * (any field when omitted). Busboy stops the file one byte past `maxBytes`, so the caller's own
 * limit sees the excess without more than that ever being read into the file stream.
 */
export async function singleUpload(
  request: FastifyRequest,
  options: { field?: string; label: string; maxBytes: number },
): Promise<MultipartFile> {
  const field = options.field ?? 'file';
  if (!request.isMultipart()) throw unsupportedMediaType('Expected a multipart/form-data upload');
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: options.maxBytes + 1 }, throwFileSizeLimit: false });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, ErrorCode.validation, 'Malformed multipart body', [
      { field, message: err instanceof Error ? err.message : 'Malformed multipart body' },
    ]);
  }
  if (!part) throw missingFile(field, `${options.label} file is required`);
  if (options.field && part.fieldname !== options.field) {
    part.file.resume();
    throw missingFile(field, `${options.label} file is required in the "${options.field}" field`);
  }
  return { ...part, file: checkedFile(part.file, field) } as MultipartFile;
}

/**
 * The file's bytes, failing with a 400 when the form breaks off (a truncated or misframed body): the
 * parser's own error is a plain Error, which would answer 500, and it may already have been raised
 * before the caller starts reading, when no later 'error' or 'end' event would come.
 */
function checkedFile(file: MultipartFile['file'], field: string): MultipartFile['file'] {
  const checked = new PassThrough();
  const fail = (err: Error) =>
    checked.destroy(
      err instanceof HttpError
        ? err
        : new HttpError(400, ErrorCode.validation, 'Malformed multipart body', [
            { field, message: err.message },
          ]),
    );
  if (file.errored) fail(file.errored);
  else {
    file.once('error', fail);
    file.pipe(checked);
  }
  return Object.assign(checked, { truncated: false }) as unknown as MultipartFile['file'];
}
