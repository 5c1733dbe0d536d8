import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, type FieldError } from '../../contract/errors';
import { abortLogFields, clientAborted, isClientAbort } from './client-abort';
import { HttpError } from './errors';

/** Fastify's own client-error codes, mapped onto the envelope. */
const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.invalidJson, message: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.invalidJson, message: 'Empty JSON body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.tooLarge, message: 'Request body too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCode.unsupportedMediaType,
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: ErrorCode.validation,
    message: 'Invalid content length',
  },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, code: ErrorCode.validation, message: 'Invalid content type' },
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const wait = (error.details as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
      if (error.statusCode === 429 && typeof wait === 'number') reply.header('retry-after', String(wait));
      return reply.status(error.statusCode).send(error.toEnvelope());
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: FieldError[] = error.validation.map((v) => ({
        field: fieldName(v.instancePath, v.params),
        message: v.message ?? 'Invalid value',
      }));
      const where = error.validationContext === 'body' ? '' : ` in ${error.validationContext}`;
      const first = details[0];
      const message = first
        ? `${first.field ? `${first.field}: ` : ''}${first.message}${where}`
        : 'Invalid request';
      return reply.status(400).send({ error: message, code: ErrorCode.validation, details });
    }

    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known)
      return reply.status(known.status).send({ error: known.message, code: known.code, details: null });

    if (isClientAbort(error, request.raw)) {
      request.log.info(abortLogFields(error), 'client aborted the request');
      return reply.status(400).send(clientAborted().toEnvelope());
    }
    if (isResponseSerializationError(error) || !error.statusCode || error.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ error: 'Internal server error', code: ErrorCode.internal, details: null });
    }
    return reply
      .status(error.statusCode)
      .send({ error: error.message, code: error.code ?? 'REQUEST_ERROR', details: null });
  });
}

function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const keys = (params as { keys?: string[] } | undefined)?.keys;
  if (keys?.length) return [path, keys.join(',')].filter(Boolean).join('.');
  return path;
}

/** Errors Fastify raises before routing (a malformed URL, an over-long path parameter), as the envelope. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return void reply.status(414).send({ error: 'URI too long', code: ErrorCode.uriTooLong, details: null });
  if (error.code === 'FST_ERR_BAD_URL')
    return void reply.status(400).send({ error: 'Malformed URL', code: ErrorCode.badRequest, details: null });
  reply.status(500).send({ error: 'Internal server error', code: ErrorCode.internal, details: null });
}

/** Requests Node's HTTP parser refuses (bad syntax, headers too large, too slow), answered with the envelope. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT', 'Request timed out']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE', 'Request headers too large']
        : [400, ErrorCode.badRequest, 'Malformed request'];
  const body = JSON.stringify({ error: message, code, details: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
