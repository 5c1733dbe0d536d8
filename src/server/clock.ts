/** Now as stored: ISO-8601 UTC with milliseconds, so text order is time order in both databases. */
export const nowIso = (): string => new Date().toISOString();

export const isoMinus = (ms: number, from = Date.now()): string => new Date(from - ms).toISOString();

/** The time as the app sees it; injected (AppDeps.clock) so tests can pin it. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** The clock's calendar day in UTC, `YYYY-MM-DD`, the form banner dates are stored in. */
export const utcDay = (clock: Clock): string => clock().toISOString().slice(0, 10);
