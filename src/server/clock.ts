/** Now as stored: ISO-8601 UTC with milliseconds, so text order is time order in both databases. */
export const nowIso = (): string => new Date().toISOString();

export const isoMinus = (ms: number, from = Date.now()): string => new Date(from - ms).toISOString();
