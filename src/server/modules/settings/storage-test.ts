import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand, S3ServiceException } from '@aws-sdk/client-s3';
import {
  STORAGE_TEST_FAILED,
  type StorageField,
  type StorageTestFailureDetails,
  type StorageTestPart,
} from '../../../contract/settings';
import { HttpError } from '../../http/errors';
import type { S3Settings } from '../../media/s3-settings';
import { S3BlobStore } from '../../media/s3-store';

/** One try, and a dead or silent endpoint fails within seconds instead of hanging the form. */
const PROBE_CLIENT = {
  maxAttempts: 1,
  requestHandler: { connectionTimeout: 5_000, requestTimeout: 10_000 },
} as const;

interface Diagnosis {
  part: StorageTestPart;
  fields: StorageField[];
  message: string;
}

const CREDENTIAL_FIELDS: StorageField[] = ['doSpacesAccessKey', 'doSpacesSecretKey'];
const ENDPOINT_FIELDS: StorageField[] = ['doSpacesEndpoint', 'doSpacesRegion'];

/** What a failed S3 call says about the settings, in words an admin can act on (no secret in them). */
export function diagnose(err: unknown, settings: Pick<S3Settings, 'bucket' | 'endpoint'>): Diagnosis {
  const bucket = `"${settings.bucket}"`;
  if (!(err instanceof S3ServiceException) || err.$metadata.httpStatusCode === undefined) {
    return {
      part: 'endpoint',
      fields: ENDPOINT_FIELDS,
      message: `Could not reach the storage endpoint ${settings.endpoint}: check the endpoint URL and region.`,
    };
  }
  switch (err.name) {
    case 'InvalidAccessKeyId':
      return {
        part: 'credentials',
        fields: ['doSpacesAccessKey'],
        message: 'The storage service does not know this access key.',
      };
    case 'SignatureDoesNotMatch':
      return {
        part: 'credentials',
        fields: ['doSpacesSecretKey'],
        message: 'The secret key does not match the access key.',
      };
    case 'NoSuchBucket':
      return {
        part: 'bucket',
        fields: ['doSpacesBucket'],
        message: `The bucket ${bucket} does not exist at this endpoint.`,
      };
    case 'InvalidBucketName':
      return { part: 'bucket', fields: ['doSpacesBucket'], message: `${bucket} is not a valid bucket name.` };
    case 'AccessControlListNotSupported':
      return {
        part: 'bucket',
        fields: ['doSpacesBucket'],
        message: `The bucket ${bucket} refuses public-read files (object ACLs are disabled); uploads need them.`,
      };
    case 'PermanentRedirect':
    case 'AuthorizationHeaderMalformed':
    case 'IllegalLocationConstraintException':
      return {
        part: 'endpoint',
        fields: ENDPOINT_FIELDS,
        message: `The bucket ${bucket} is in another region: check the region and endpoint.`,
      };
  }
  if (err.$metadata.httpStatusCode === 403) {
    return {
      part: 'credentials',
      fields: CREDENTIAL_FIELDS,
      message: `These keys may not write to the bucket ${bucket}.`,
    };
  }
  if (err.$metadata.httpStatusCode === 404) {
    return {
      part: 'bucket',
      fields: ['doSpacesBucket'],
      message: `The bucket ${bucket} was not found at this endpoint.`,
    };
  }
  return {
    part: 'endpoint',
    fields: ENDPOINT_FIELDS,
    message: `The storage endpoint answered ${err.$metadata.httpStatusCode} (${err.name}): is it an S3-compatible service?`,
  };
}

/**
 * Writes a small object the way uploads do (public-read) and deletes it again. Resolves with a success
 * message; a failure is a 400 whose details name the part that failed and the fields to check.
 */
export async function testStorage(settings: S3Settings): Promise<string> {
  const store = new S3BlobStore(settings, PROBE_CLIENT);
  const key = `nazenk-connection-test/${randomBytes(16).toString('hex')}.txt`;
  try {
    await store.client.send(
      new PutObjectCommand({
        Bucket: settings.bucket,
        Key: key,
        Body: 'Nazenk connection test; safe to delete.',
        ContentType: 'text/plain',
        ACL: 'public-read',
      }),
    );
    await store.client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
  } catch (err) {
    const { part, fields, message } = diagnose(err, settings);
    const details: StorageTestFailureDetails = { part, fields };
    throw new HttpError(400, STORAGE_TEST_FAILED, message, details);
  } finally {
    store.client.destroy();
  }
  return `Connected: a test file was written to and deleted from the bucket "${settings.bucket}".`;
}
