import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../contract/list-query';

/** Lists answer the page as a JSON array, the total of matching rows in X-Total-Count. */
export function withTotal<T>(reply: FastifyReply, page: { rows: T[]; total: number }): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.rows;
}
