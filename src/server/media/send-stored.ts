import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../contract/errors';
import { HttpError, notFound } from '../http/errors';
import { IMMUTABLE_CACHE } from './blob-store';
import type { Located } from './media-service';
import { parseRange } from './range';

/**
 * Answers a stored file with HTTP Range support: 200 with the whole file, 206 with one range, 416
 * beyond the end; the stored type with nosniff, and a year's immutable cache (names are never reused).
 * With `attachmentName` the browser saves it under that name instead of showing it; `cacheControl`
 * replaces the immutable cache (e.g. for a URL that expires).
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  target: Located,
  options: { attachmentName?: string; missingMessage?: string; cacheControl?: string } = {},
): Promise<FastifyReply> {
  const info = await target.store.stat(target.key);
  if (!info) {
    throw options.missingMessage
      ? new HttpError(404, ErrorCode.notFound, options.missingMessage)
      : notFound('File');
  }
  const wanted = parseRange(request.headers.range, info.size);
  if (wanted.kind === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${info.size}`);
    throw new HttpError(416, 'RANGE_NOT_SATISFIABLE', 'Requested range not satisfiable', {
      size: info.size,
    });
  }
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', info.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', options.cacheControl ?? IMMUTABLE_CACHE);
  if (info.lastModified) reply.header('Last-Modified', info.lastModified.toUTCString());
  if (options.attachmentName)
    reply.header('Content-Disposition', attachmentDisposition(options.attachmentName));

  const range = wanted.kind === 'partial' ? wanted.range : undefined;
  if (range) {
    reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
  }
  reply.header('Content-Length', String(range ? range.end - range.start + 1 : info.size));
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await target.store.read(target.key, range));
}

/**
 * `attachment` with an ASCII fallback name and the exact UTF-8 name in `filename*` (RFC 6266 and
 * RFC 8187), so Arabic-script titles survive in every current browser.
 */
export function attachmentDisposition(filename: string): string {
  const clean =
    Array.from(filename)
      .filter((c) => (c.codePointAt(0) ?? 0) >= 0x20 && c !== '\x7f' && !'"\\/'.includes(c))
      .join('')
      .trim() || 'download';
  const dot = clean.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
  const asciiBase = base.replace(/[^\x20-\x7e]+/g, '_').replace(/^[_\s]+|[_\s]+$/g, '');
  const ascii = `${asciiBase || 'download'}${ext.replace(/[^\x20-\x7e]/g, '')}`;
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
