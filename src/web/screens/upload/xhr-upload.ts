import { ApiError, NetworkError } from '../../lib/api';

export interface UploadCallbacks {
  /** Bytes sent so far over the total, as the browser reports them while the body goes out. */
  onProgress: (sent: number, total: number) => void;
  /** Every byte has left the browser; the server is now reading and storing the file. */
  onSent: () => void;
  signal: AbortSignal;
}

/**
 * POSTs one file as multipart (`field`) and resolves with the JSON answer. XMLHttpRequest rather than
 * fetch because only XHR reports upload progress (fetch has no upload progress events in any browser
 * without streaming request bodies, which need HTTP/2). Aborting the signal aborts the request: the
 * server sees the connection close and keeps nothing of the file.
 */
export function xhrUpload<T>(url: string, field: string, file: File, callbacks: UploadCallbacks): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (callbacks.signal.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const onAbort = () => xhr.abort();
    callbacks.signal.addEventListener('abort', onAbort, { once: true });
    const done = () => callbacks.signal.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) callbacks.onProgress(event.loaded, event.total);
    };
    xhr.upload.onload = () => callbacks.onSent();
    xhr.onload = () => {
      done();
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      const envelope = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      reject(new ApiError(xhr.status, xhr.statusText, envelope));
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError(new Error('The connection was lost during the upload')));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Upload aborted', 'AbortError'));
    };
    const form = new FormData();
    form.append(field, file, file.name);
    xhr.send(form);
  });
}
