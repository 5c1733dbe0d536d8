import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { mobileBannerRoutes } from './banner-routes';
import { mobileConfigRoutes } from './config-routes';
import { discoveryRoutes } from './discovery-routes';

export interface MobileDeps {
  database: Database;
  secretKey: string;
  /** The clock of banner windows and stream URLs; tests pass their own. */
  clock: Clock;
}

/** The mobile app's API (spec section 7, "Documented for the mobile app"). */
export function mobileRoutes(deps: MobileDeps) {
  return async (app: FastifyInstance) => {
    await app.register(mobileConfigRoutes(deps.database, deps.secretKey));
    await app.register(mobileBannerRoutes(deps.database, deps.clock));
    await app.register(discoveryRoutes(deps.database));
  };
}
