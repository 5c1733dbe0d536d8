import type { FastifyInstance } from 'fastify';
import type { Settings } from '../../../contract/settings';
import type { S3Settings } from '../s3-settings';

/** Points the app's storage settings at a bucket (or clears them, back to local disk) through the API. */
export async function useBucket(
  app: FastifyInstance,
  cookie: string,
  bucket: S3Settings | null,
): Promise<void> {
  const current = (
    await app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } })
  ).json<Settings>();
  const apiKeys = {
    ...current.apiKeys,
    doSpacesAccessKey: bucket?.accessKeyId ?? '',
    doSpacesSecretKey: bucket?.secretAccessKey ?? '',
    doSpacesBucket: bucket?.bucket ?? '',
    doSpacesRegion: bucket?.region ?? '',
    doSpacesEndpoint: bucket?.endpoint ?? '',
  };
  const res = await app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: { cookie },
    payload: { ...current, apiKeys },
  });
  if (res.statusCode !== 200) throw new Error(`settings not saved: ${res.statusCode} ${res.body}`);
}
