import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * One access line per request, replacing Fastify's two: writes and failed requests at info, successful
 * reads only at debug, so the default level pays nothing per read (pino checks the level first).
 * Server errors are also logged with their cause by the error handler.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const quiet = READS.has(request.method) && reply.statusCode < 400;
    const level = quiet ? 'debug' : 'info';
    // pino's check; the disabled logger (tests) has none and logs nothing anyway.
    const log = request.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    if (!log.isLevelEnabled?.(level)) return;
    request.log[level](
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });
}
