import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import type { S3BlobStore } from '../media/s3-store';

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (d: SourceData): string | Buffer =>
  typeof d === 'string'
    ? d
    : ArrayBuffer.isView(d)
      ? Buffer.from(d.buffer, d.byteOffset, d.byteLength)
      : Buffer.from(d);

/** node:crypto behind the hash interface the AWS signer expects (what @smithy/hash-node does). */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

/** A presigned GET of one object (SigV4 in the query string), valid `seconds` from `now`. */
export async function presignedGet(
  store: S3BlobStore,
  key: string,
  seconds: number,
  now: Date,
  attachmentName?: string,
): Promise<string> {
  const url = new URL(store.urlFor(key));
  const signer = new SignatureV4({
    service: 's3',
    region: store.settings.region,
    credentials: {
      accessKeyId: store.settings.accessKeyId,
      secretAccessKey: store.settings.secretAccessKey,
    },
    sha256: Sha256,
    uriEscapePath: false,
  });
  const query: Record<string, string> = {};
  if (attachmentName) query['response-content-disposition'] = attachmentName;
  const signed = await signer.presign(
    {
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query,
      headers: { host: url.host },
    },
    { expiresIn: seconds, signingDate: now },
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(signed.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== null) search.append(name, v);
  }
  return `${url.origin}${url.pathname}?${search}`;
}
