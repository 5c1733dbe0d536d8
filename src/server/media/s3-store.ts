import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  type BlobInfo,
  BlobNotFoundError,
  type BlobStore,
  type ByteRange,
  IMMUTABLE_CACHE,
} from './blob-store';
import { isValidKey } from './keys';
import type { S3Settings } from './s3-settings';

/** Multipart part size (S3's minimum) and parts in flight: about 15 MB of buffers per upload at most. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');

/**
 * An S3-compatible bucket (DigitalOcean Spaces, AWS, MinIO…). Objects are written public-read with a
 * long cache, and their stored URL is the bucket's own absolute URL, so they are served by the bucket
 * (with Range, Content-Type and caching) and keep working whatever the settings say later.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  readonly client: S3Client;
  private readonly pathStyle: boolean;
  private readonly base: string;

  /** `client` overrides the client's retries and timeouts (the settings' connection test fails fast). */
  constructor(
    readonly settings: S3Settings,
    client: Pick<S3ClientConfig, 'maxAttempts' | 'requestHandler'> = {},
  ) {
    const endpoint = new URL(settings.endpoint);
    // Virtual-hosted URLs need a DNS name the bucket can prefix (and a dot-free bucket for TLS).
    this.pathStyle =
      isIP(endpoint.hostname) !== 0 || endpoint.hostname === 'localhost' || settings.bucket.includes('.');
    this.base = this.pathStyle
      ? `${endpoint.origin}/${settings.bucket}/`
      : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}/`;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: this.pathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // S3-compatible services (Spaces, MinIO, s3rver) reject the newer default streaming checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      ...client,
    });
  }

  private checked(key: string): string {
    if (!isValidKey(key)) throw new BlobNotFoundError(key);
    return key;
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.settings.bucket,
        Key: this.checked(key),
        Body: body,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE,
        ACL: 'public-read',
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // Parts of a failed multipart upload are aborted, so they are neither kept nor billed.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      if (!body.destroyed) body.destroy();
      // Belt and braces: nothing may remain under the key of a failed upload.
      await this.delete(key).catch(() => undefined);
      throw err;
    }
  }

  async stat(key: string): Promise<BlobInfo | null> {
    if (!isValidKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? 'application/octet-stream',
        lastModified: head.LastModified ?? null,
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.checked(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (object.Body instanceof Readable) return object.Body;
      throw new Error('S3 answered without a readable body');
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  urlFor(key: string): string {
    return `${this.base}${key}`;
  }

  keyFromUrl(url: string): string | null {
    if (!url.startsWith(this.base)) return null;
    const key = url.slice(this.base.length);
    return isValidKey(key) ? key : null;
  }
}
