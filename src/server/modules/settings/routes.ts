import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SECRET_API_KEY_FIELDS,
  SECRET_MASK,
  STORAGE_FIELDS,
  type StorageTestInput,
  settingsSchema,
  storageTestInputSchema,
  storageTestResultSchema,
} from '../../../contract/settings';
import type { Database } from '../../db/database';
import { validationFailed } from '../../http/errors';
import { type S3Settings, s3SettingsFrom } from '../../media/s3-settings';
import { readSettings, settingsRepo } from './repo';
import { testStorage } from './storage-test';

const SECRETS: ReadonlySet<string> = new Set(SECRET_API_KEY_FIELDS);
const CREDENTIALS = ['doSpacesAccessKey', 'doSpacesSecretKey'] as const;

/** App settings: secrets are write-only (answered masked) and encrypted at rest under SECRET_KEY. */
export function settingsRoutes(database: Database, secretKey: string) {
  const settings = settingsRepo(database.db, secretKey);

  /** The form's storage values, a secret still showing its mask replaced by the stored one. */
  async function storageSettings(input: StorageTestInput): Promise<S3Settings> {
    const stored = (await readSettings(database.db, secretKey)).apiKeys;
    const values = { ...input };
    for (const field of STORAGE_FIELDS) {
      if (SECRETS.has(field) && values[field].startsWith(SECRET_MASK)) values[field] = stored[field];
    }
    const missing = STORAGE_FIELDS.filter((f) => values[f].trim() === '');
    if (missing.length > 0) {
      throw validationFailed(
        missing.map((field) => ({ field, message: 'Required to test the connection' })),
        'Fill in every cloud storage field to test the connection',
      );
    }
    const unprintable = CREDENTIALS.filter((f) => !/^[\x21-\x7E]+$/.test(values[f].trim()));
    if (unprintable.length > 0) {
      throw validationFailed(
        unprintable.map((field) => ({
          field,
          message: 'Keys are made of ASCII letters, digits and symbols',
        })),
      );
    }
    const s3 = s3SettingsFrom(values);
    if (!s3) {
      throw validationFailed([{ field: 'doSpacesEndpoint', message: 'Must be an http:// or https:// URL' }]);
    }
    return s3;
  }

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['settings'];

    r.get(
      '/api/settings',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Read the app settings',
          description: `Secret fields answer masked: ${SECRET_MASK} and their last 4 characters.`,
          response: { 200: settingsSchema },
        },
      },
      async () => settings.masked(),
    );

    r.put(
      '/api/settings',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Save the app settings',
          description:
            'The whole settings object. A secret sent back masked, as GET answers it, keeps its stored value; ' +
            'secrets are encrypted at rest.',
          body: settingsSchema,
          response: { 200: settingsSchema },
        },
      },
      async (request) => {
        await settings.save(request.body);
        return settings.masked();
      },
    );

    r.post(
      '/api/settings/storage/test',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Test the cloud storage values of the form: write and delete a probe object',
          description:
            'Secret fields sent as their mask use the stored secret. A failed test answers 400 with code ' +
            'STORAGE_TEST_FAILED and details {part: credentials | bucket | endpoint, fields}. Nothing is saved.',
          body: storageTestInputSchema,
          response: { 200: storageTestResultSchema },
        },
      },
      async (request) => {
        const s3 = await storageSettings(request.body);
        try {
          return { ok: true as const, message: await testStorage(s3) };
        } catch (err) {
          // The part only: the values, and above all the secret, never reach the log.
          request.log.info({ endpoint: s3.endpoint, bucket: s3.bucket }, 'storage connection test failed');
          throw err;
        }
      },
    );
  };
}
