import { api } from './api';

/**
 * The file name of a Content-Disposition header: `filename*` (RFC 5987, UTF-8, percent-encoded) first,
 * then `filename`, else `fallback`.
 */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const name = decodeURIComponent(extended[2].trim().replace(/^"(.*)"$/, '$1'));
      if (name) return name;
    } catch {
      // malformed percent-encoding: try the plain parameter
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2])?.trim();
  return name || fallback;
}

/** Saves a blob under `name` through a temporary object URL and a download link. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob by the time this runs.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET `path` through the API client (its errors, its credentials) and save the body under the server's
 * Content-Disposition name, else `fallbackName`. Resolves with the saved name.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const { data, headers } = await api.download(path);
  const name = filenameFromDisposition(headers.get('Content-Disposition'), fallbackName);
  saveBlob(data, name);
  return name;
}
