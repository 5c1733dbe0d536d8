import type { FastifyInstance } from 'fastify';
import { afterTurn } from '../loop-turns';

/**
 * Each request starts its handling in its own turn of the event loop once the current slice is spent
 * (loop-turns.ts): requests that arrived together are spread over turns instead of run all at once.
 */
export function registerRequestTurns(app: FastifyInstance) {
  app.addHook('onRequest', (_request, _reply, done) => afterTurn(() => done()));
}
