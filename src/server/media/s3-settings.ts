import type { Settings } from '../../contract/settings';

/** What the S3 driver needs; built from the settings' cloud-storage fields. */
export interface S3Settings {
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  region: string;
  /** Origin of the S3 API, e.g. https://blr1.digitaloceanspaces.com. */
  endpoint: string;
}

/** Where the current storage settings come from; read on every upload, so a change needs no restart. */
export type S3SettingsSource = () => Promise<S3Settings | null>;

type StorageFields = Pick<
  Settings['apiKeys'],
  'doSpacesAccessKey' | 'doSpacesSecretKey' | 'doSpacesBucket' | 'doSpacesRegion' | 'doSpacesEndpoint'
>;

/** The S3 settings when all five storage fields are filled in (and the endpoint is a URL), else null. */
export function s3SettingsFrom(keys: StorageFields | null | undefined): S3Settings | null {
  if (!keys) return null;
  const accessKeyId = keys.doSpacesAccessKey.trim();
  const secretAccessKey = keys.doSpacesSecretKey.trim();
  const bucket = keys.doSpacesBucket.trim();
  const region = keys.doSpacesRegion.trim();
  const endpoint = normaliseEndpoint(keys.doSpacesEndpoint, bucket);
  if (!accessKeyId || !secretAccessKey || !bucket || !region || !endpoint) return null;
  return { accessKeyId, secretAccessKey, bucket, region, endpoint };
}

/**
 * The endpoint's origin: https:// is assumed when no scheme is given, and a bucket endpoint
 * (https://<bucket>.blr1.digitaloceanspaces.com) is reduced to the regional one.
 */
function normaliseEndpoint(raw: string, bucket: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  if (!URL.canParse(withScheme)) return null;
  const url = new URL(withScheme);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (bucket && url.hostname.startsWith(`${bucket}.`)) url.hostname = url.hostname.slice(bucket.length + 1);
  return url.origin;
}
