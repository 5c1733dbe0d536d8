import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { MediaService } from '../media/media-service';
import { signedAudioRoutes } from './audio-routes';
import { mobileBannerRoutes } from './banner-routes';
import { mobileConfigRoutes } from './config-routes';
import { discoveryRoutes } from './discovery-routes';
import { playbackRepo } from './playback-repo';
import { playbackRoutes } from './playback-routes';
import { reactionRoutes } from './reaction-routes';
import { audioUrlSigner } from './signed-urls';
import { scheduleStreamClaimsPrune } from './stream-claims-prune';
import { mobileUploadRoutes } from './upload-routes';

export interface MobileDeps {
  database: Database;
  secretKey: string;
  media: MediaService;
  publicUrl: string | undefined;
  /** The clock of banner windows, signed URLs and stream counting; tests pass their own. */
  clock: Clock;
}

/** The mobile app's API (spec section 7, "Documented for the mobile app"). */
export function mobileRoutes(deps: MobileDeps) {
  return async (app: FastifyInstance) => {
    await app.register(mobileConfigRoutes(deps.database, deps.secretKey));
    await app.register(mobileBannerRoutes(deps.database, deps.clock));
    await app.register(discoveryRoutes(deps.database));
    const playback = playbackRepo(deps.database.db, deps.database.dialect, deps.clock);
    scheduleStreamClaimsPrune(app, playback);
    const signer = audioUrlSigner(deps.secretKey, deps.clock);
    await app.register(signedAudioRoutes(deps.media, playback, signer, deps.clock));
    await app.register(
      playbackRoutes({ media: deps.media, playback, signer, clock: deps.clock, publicUrl: deps.publicUrl }),
    );
    await app.register(reactionRoutes(deps.database, deps.clock));
    await app.register(mobileUploadRoutes(deps.database, deps.media));
  };
}
