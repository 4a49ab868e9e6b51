import type { ApiErrorBody } from '../../api/api-error';

/** Offers a file to the browser's downloads, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the next task is late enough.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `projectory-report-2026-11-24.txt` for the day a report was generated (UTC, as the server's times). */
export function reportFileName(generatedAt: string): string {
  return `projectory-report-${generatedAt.slice(0, 10)}.txt`;
}

/** "1.2 MB", "340 KB", "12 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

export class DownloadError extends Error {}

/**
 * GET a streamed file (an admin CSV export) with fetch and read it chunk by chunk, reporting the bytes
 * received so far: the server streams rows as it reads them, so the size is not known up front.
 */
export async function downloadStream(
  url: string,
  fallbackName: string,
  onProgress: (bytes: number) => void,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetch(url, { credentials: 'include', headers: { Accept: 'text/csv' } });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => undefined)) as ApiErrorBody | undefined;
    throw new DownloadError(body?.message ?? `The server answered ${response.status}`);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  const type = response.headers.get('Content-Type') ?? 'text/csv';
  return {
    blob: new Blob(chunks, { type }),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName),
  };
}
