/**
 * `npm run test:reliability` sets RELIABILITY=long (30 kill rounds, 30 s of load); CI runs the short form
 * inside `npm test`. Either can be overridden for a one-off run.
 */
export const LONG = process.env.RELIABILITY === 'long';
export const KILL_ROUNDS = Number(process.env.RELIABILITY_ROUNDS ?? (LONG ? 30 : 3));
export const LOAD_SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? (LONG ? 30 : 3));
export const LOAD_CONNECTIONS = 100;

export const ADMIN = { ADMIN_USERNAME: 'operator', ADMIN_PASSWORD: 'reliability suite pass' };

/** One line per measured figure, easy to find in the output and to copy into a report. */
export function report(line: string) {
  console.log(`[reliability] ${line}`);
}
