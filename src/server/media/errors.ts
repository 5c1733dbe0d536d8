import { ErrorCode } from '../../contract/errors';
import { HttpError } from '../http/errors';

export const unsupportedMediaType = (message: string, details: unknown = null) =>
  new HttpError(415, ErrorCode.unsupportedMediaType, message, details);

export const fileTooLarge = (maxBytes: number) =>
  new HttpError(413, ErrorCode.tooLarge, 'File too large', { maxBytes });

export const missingFile = (field: string, message: string) =>
  new HttpError(400, ErrorCode.validation, message, [{ field, message }]);
