import { AsyncLocalStorage } from 'node:async_hooks';

/** The signed-in admin a write is made for; entries name them. */
export interface ActingAdmin {
  id: number;
  username: string;
}

const storage = new AsyncLocalStorage<ActingAdmin>();

/** The admin whose request is running, or undefined (app users, public calls, scripts, jobs). */
export const actingAdmin = (): ActingAdmin | undefined => storage.getStore();

/** Runs `fn` (and everything it starts) as `admin`. Set once per request by the auth guard. */
export const actAs = <T>(admin: ActingAdmin, fn: () => T): T => storage.run(admin, fn);
