import type { FastifyBaseLogger } from 'fastify';

/**
 * What a repository's update or delete answers: the stored file URLs the row no longer refers to.
 * The route hands them to `ReleaseFiles` after the commit, which removes each one nothing else uses.
 */
export interface WriteResult {
  released: string[];
}

/** The URLs among `before` that `after` no longer holds (a delete keeps none). */
export function releasedBy(
  before: ReadonlyArray<string | null | undefined>,
  after: ReadonlyArray<string | null | undefined> = [],
): WriteResult {
  const kept = new Set(after);
  return { released: [...new Set(before.filter((u): u is string => !!u && !kept.has(u)))] };
}

/** Removes released files after the commit; failures are logged (at warn), never thrown. */
export type ReleaseFiles = (urls: readonly string[], log: FastifyBaseLogger) => Promise<void>;

export const keepFiles: ReleaseFiles = async () => {};
