import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../s3-settings';

export interface TestBucket {
  settings: S3Settings;
  /** Every object key in the bucket. */
  keys(): Promise<string[]>;
  /** Parts of multipart uploads s3rver holds on disk (it does not implement AbortMultipartUpload). */
  uploadedParts(): string[];
  close(): Promise<void>;
}

/** A real S3 protocol server (s3rver) on loopback, a random port and a temp folder, with one bucket. */
export async function startTestBucket(bucket = 'nazenk-test'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'nazenk-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
  };
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  return {
    settings,
    keys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '');
    },
    uploadedParts: () =>
      readdirSync(directory, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.parentPath.includes('uploads') && /^\d+$/.test(e.name))
        .map((e) => path.join(e.parentPath, e.name)),
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
