import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { readSettings } from '../modules/settings/repo';
import { createMediaService, type MediaService } from './media-service';
import { s3SettingsFrom } from './s3-settings';

/** The app's media service: local disk under DATA_DIR, or the bucket the settings describe. */
export function appMedia(database: Database, config: Pick<AppConfig, 'dataDir' | 'secretKey'>): MediaService {
  return createMediaService({
    db: database.db,
    dataDir: config.dataDir,
    s3Settings: async () => s3SettingsFrom((await readSettings(database.db, config.secretKey)).apiKeys),
  });
}
