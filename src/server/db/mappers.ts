/** SQLite returns booleans as 0/1. */
export const bool = (v: boolean | number | null | undefined): boolean => v === true || v === 1;

/** Counts come back as numbers from SQLite and (via the int8 parser) PostgreSQL; null when nothing summed. */
export const num = (v: number | string | bigint | null | undefined): number => (v == null ? 0 : Number(v));
