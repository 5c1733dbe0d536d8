import { S3ServiceException } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { diagnose } from './storage-test';

const settings = { bucket: 'songs', endpoint: 'https://blr1.digitaloceanspaces.com' };
const answered = (name: string, status: number) =>
  new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode: status }, message: name });

describe('what a failed storage call says about the settings', () => {
  it('names the part and the fields to check', () => {
    const cases: Array<[unknown, string, string[]]> = [
      [answered('InvalidAccessKeyId', 403), 'credentials', ['doSpacesAccessKey']],
      [answered('SignatureDoesNotMatch', 403), 'credentials', ['doSpacesSecretKey']],
      [answered('AccessDenied', 403), 'credentials', ['doSpacesAccessKey', 'doSpacesSecretKey']],
      [answered('NoSuchBucket', 404), 'bucket', ['doSpacesBucket']],
      [answered('InvalidBucketName', 400), 'bucket', ['doSpacesBucket']],
      [answered('AccessControlListNotSupported', 400), 'bucket', ['doSpacesBucket']],
      [answered('PermanentRedirect', 301), 'endpoint', ['doSpacesEndpoint', 'doSpacesRegion']],
      [answered('AuthorizationHeaderMalformed', 400), 'endpoint', ['doSpacesEndpoint', 'doSpacesRegion']],
      [answered('Unknown', 502), 'endpoint', ['doSpacesEndpoint', 'doSpacesRegion']],
      [
        Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        'endpoint',
        ['doSpacesEndpoint', 'doSpacesRegion'],
      ],
      [
        Object.assign(new Error('timeout'), { name: 'TimeoutError' }),
        'endpoint',
        ['doSpacesEndpoint', 'doSpacesRegion'],
      ],
    ];
    for (const [err, part, fields] of cases) {
      const d = diagnose(err, settings);
      expect({ part: d.part, fields: d.fields }, String(err)).toEqual({ part, fields });
      expect(d.message.length).toBeGreaterThan(10);
    }
    expect(diagnose(answered('SignatureDoesNotMatch', 403), settings).message).toBe(
      'The secret key does not match the access key.',
    );
    expect(diagnose(answered('NoSuchBucket', 404), settings).message).toBe(
      'The bucket "songs" does not exist at this endpoint.',
    );
  });
});
