import { createHash, type Hash } from 'node:crypto';
import { PassThrough, type Readable, Transform, type TransformCallback, type Writable } from 'node:stream';

/** The stream carried more than the limit allows. */
export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`More than ${maxBytes} bytes`);
  }
}

export interface Peeked {
  /** A copy of the first bytes (fewer when the file is shorter). */
  head: Buffer;
  /** The whole file again: the bytes already read, then the rest of the source. */
  stream: PassThrough;
}

/**
 * Reads the first `bytes` bytes of `source` to judge its type, and gives back a stream that yields
 * the whole file. Errors of the source reach that stream; unpiping it leaves the source to drain.
 */
export function peekHead(source: Readable, bytes: number): Promise<Peeked> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (err?: Error) => {
      source.off('readable', onReadable).off('end', onEnd).off('error', finish);
      if (err) return reject(err);
      const all = Buffer.concat(chunks);
      const stream = new PassThrough();
      if (all.length > 0) stream.write(all);
      if (source.readableEnded) stream.end();
      else {
        source.once('error', (e) => stream.destroy(e));
        source.pipe(stream);
      }
      resolve({ head: Buffer.from(all.subarray(0, bytes)), stream });
    };
    const onEnd = () => finish();
    const onReadable = () => {
      let chunk: Buffer | null = source.read() as Buffer | null;
      while (chunk !== null) {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= bytes) return finish();
        chunk = source.read() as Buffer | null;
      }
    };
    if (source.readableEnded) return finish();
    source.on('readable', onReadable).once('end', onEnd).once('error', finish);
  });
}

/** Passes bytes through until more than `maxBytes` have gone by, then fails with TooLargeError. */
export class ByteLimit extends Transform {
  bytes = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) done(new TooLargeError(this.maxBytes));
    else done(null, chunk);
  }
}

/** Passes bytes through while hashing them. */
export class Hashing extends Transform {
  private readonly hash: Hash = createHash('sha256');
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    done(null, chunk);
  }
  hex(): string {
    return this.hash.digest('hex');
  }
}

/**
 * Passes bytes through and copies them to a side consumer (the tag parser), honouring its
 * backpressure until `done` settles; a consumer that has read enough simply stops receiving.
 */
export class Tap extends Transform {
  private open = true;
  private waiting: TransformCallback | null = null;

  constructor(
    private readonly side: Writable,
    done: Promise<unknown>,
  ) {
    super();
    side.on('error', () => undefined);
    side.on('drain', () => this.release());
    void done.finally(() => {
      this.open = false;
      this.release();
      if (!side.destroyed) side.destroy();
    });
  }

  private release(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  private get sideOpen(): boolean {
    return this.open && !this.side.destroyed && !this.side.writableEnded;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.push(chunk);
    if (!this.sideOpen || this.side.write(chunk)) done();
    else this.waiting = done;
  }

  override _flush(done: TransformCallback): void {
    if (this.sideOpen) this.side.end();
    done();
  }

  override _destroy(err: Error | null, done: (err: Error | null) => void): void {
    if (this.sideOpen) this.side.destroy(err ?? new Error('Upload ended early'));
    this.release();
    done(err);
  }
}
