import { randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface UploadResult {
  status: number;
  body: string;
  ms: number;
}

/**
 * POSTs one file as multipart/form-data, streamed from disk as a browser sends it (with a
 * Content-Length, never holding the file in memory), and times it to the last byte of the answer.
 */
export function uploadFile(
  base: string,
  route: string,
  cookie: string,
  file: string,
  field = 'audio',
): Promise<UploadResult> {
  const boundary = `----nazenkbench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(route, base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + statSync(file).size + tail.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.write(head);
    const source = createReadStream(file);
    source.on('error', reject);
    source.pipe(request, { end: false });
    source.on('end', () => request.end(tail));
  });
}
