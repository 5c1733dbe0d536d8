import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../contract/list-query';
import { listTotal } from '../db/list-page';

/**
 * Lists answer the page as a JSON array, the total of matching rows in X-Total-Count: `total` is the
 * repo's capped count (db/list-page.ts), exact up to the cap and a lower bound beyond it.
 */
export function withTotal<T>(reply: FastifyReply, page: { rows: T[]; total: number }): T[] {
  const offset = (reply.request.query as { offset?: number } | undefined)?.offset ?? 0;
  const { total, exact } = listTotal(page.total, offset, page.rows.length);
  reply.header(TOTAL_COUNT_HEADER, String(total));
  reply.header(TOTAL_COUNT_EXACT_HEADER, String(exact));
  return page.rows;
}
