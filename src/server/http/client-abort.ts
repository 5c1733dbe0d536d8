import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '../../contract/errors';
import { HttpError } from './errors';

const ABORT_CODES = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ABORT_ERR',
]);

/** Whether a failure is the client going away (a cut upload, a closed tab): expected, not a server fault. */
export function isClientAbort(err: unknown, raw: IncomingMessage): boolean {
  if (raw.destroyed && !raw.complete) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return (
    (typeof code === 'string' && ABORT_CODES.has(code)) || (err instanceof Error && err.message === 'aborted')
  );
}

/** What an aborted request turns into; nobody reads the answer, the log line (info, no stack) is what counts. */
export const clientAborted = () => new HttpError(400, ErrorCode.badRequest, 'Request aborted by the client');

/** The log fields for an aborted request: the code, never the stack. */
export const abortLogFields = (err: unknown) => ({
  code: (err as { code?: unknown } | null)?.code ?? (err instanceof Error ? err.message : String(err)),
});
