import { CSRF_HEADER, UPLOADS_PATH, type UploadPurpose } from '@projectory/contracts/values';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DetailedError, Upload } from 'tus-js-client';
import { uploadTexts } from './upload.texts';

const t = uploadTexts;

/** Each PATCH carries at most this much: progress moves in steps, and pause loses at most one part. */
export const CHUNK_SIZE = 5 * 1000 * 1000;
/** Prototype spec §9: retry delays 0, 1, 3 and 5 seconds. */
const RETRY_DELAYS = [0, 1000, 3000, 5000];

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading' | 'paused'; file: File; sent: number; total: number }
  | { phase: 'complete'; file: File; uploadId: string; total: number }
  | { phase: 'failed'; file: File; sent: number; total: number; message: string };

export interface TusUpload {
  state: UploadState;
  /** Starts sending `file`, resuming an earlier upload of the same file when this browser made one. */
  start: (file: File) => void;
  pause: () => void;
  /** Carries on after `pause` (after a failure, `start` the same file again: it resumes too). */
  resume: () => void;
  /** Stops and removes the upload on the server (DELETE /api/uploads/:id). */
  cancel: () => void;
  /** Forgets the file (a finished upload stays on the server until it expires or is used). */
  reset: () => void;
}

/** GET /api/auth/csrf: tus requests are mutations under /api, so they carry the token (API.md "Conventions"). */
async function csrfToken(): Promise<string> {
  const response = await fetch('/api/auth/csrf', { credentials: 'include' });
  if (!response.ok) throw new Error(response.status === 401 ? t.unauthorized : t.failedStatus(response.status));
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** The server's own sentence for a refused upload (413 too large, 415 wrong type, …), else ours. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof DetailedError && error.originalResponse) {
    const status = error.originalResponse.getStatus();
    if (status === 401) return t.unauthorized;
    try {
      const body = JSON.parse(error.originalResponse.getBody()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // not the API's error shape
    }
    return t.failedStatus(status);
  }
  if (error instanceof DetailedError || (error instanceof Error && /network|xhr|fetch/i.test(error.message))) {
    return t.network;
  }
  return error instanceof Error && error.message ? error.message : t.network;
}

/** The upload's id: the last segment of its (relative or absolute) Location. */
const uploadIdOf = (url: string) => new URL(url, window.location.origin).pathname.split('/').pop() ?? '';

/**
 * One resumable upload (tus 1.0, API.md "Portfolio and files") of one file for `purpose`: progress,
 * pause, resume and cancel. The upload's address is remembered in this browser by the file's
 * fingerprint until it completes, so choosing the same file again after a reload or a dropped
 * connection carries on where it stopped. Leaving the page pauses the upload rather than deleting it.
 */
export function useTusUpload(purpose: UploadPurpose): TusUpload {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const uploadRef = useRef<Upload | null>(null);

  const stop = useCallback(() => {
    const current = uploadRef.current;
    uploadRef.current = null;
    void current?.abort(false);
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(
    (file: File) => {
      stop();
      setState({ phase: 'uploading', file, sent: 0, total: file.size });
      const fail = (error: unknown, sent = 0) =>
        setState({ phase: 'failed', file, sent, total: file.size, message: uploadErrorMessage(error) });

      void csrfToken().then(async (token) => {
        const upload: Upload = new Upload(file, {
          // Absolute: the server answers a relative Location, which tus-js-client resolves against it.
          endpoint: new URL(UPLOADS_PATH, window.location.origin).href,
          chunkSize: CHUNK_SIZE,
          retryDelays: RETRY_DELAYS,
          metadata: { filename: file.name, filetype: file.type || 'application/octet-stream', purpose },
          headers: { [CSRF_HEADER]: token },
          removeFingerprintOnSuccess: true,
          onProgress: (sent, total) => {
            if (uploadRef.current !== upload) return;
            setState((previous) =>
              previous.phase === 'paused' ? { ...previous, sent, total } : { phase: 'uploading', file, sent, total },
            );
          },
          onSuccess: () => {
            if (uploadRef.current !== upload) return;
            setState({ phase: 'complete', file, uploadId: uploadIdOf(upload.url ?? ''), total: file.size });
          },
          onError: (error) => {
            if (uploadRef.current !== upload) return;
            setState((previous) => {
              const sent = previous.phase === 'uploading' || previous.phase === 'paused' ? previous.sent : 0;
              return { phase: 'failed', file, sent, total: file.size, message: uploadErrorMessage(error) };
            });
          },
        });
        uploadRef.current = upload;
        const previous = await upload.findPreviousUploads();
        if (uploadRef.current !== upload) return; // another file was chosen meanwhile
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
        upload.start();
      }, fail);
    },
    [purpose, stop],
  );

  const pause = useCallback(() => {
    const upload = uploadRef.current;
    if (!upload) return;
    void upload.abort(false);
    setState((previous) => (previous.phase === 'uploading' ? { ...previous, phase: 'paused' } : previous));
  }, []);

  const resume = useCallback(() => {
    const upload = uploadRef.current;
    if (!upload) return;
    setState((previous) => (previous.phase === 'paused' ? { ...previous, phase: 'uploading' } : previous));
    upload.start();
  }, []);

  const cancel = useCallback(() => {
    const upload = uploadRef.current;
    uploadRef.current = null;
    setState({ phase: 'idle' });
    // Terminating also forgets the fingerprint: the next choice of this file starts afresh.
    if (upload) void upload.abort(Boolean(upload.url)).catch(() => undefined);
  }, []);

  const reset = useCallback(() => {
    stop();
    setState({ phase: 'idle' });
  }, [stop]);

  return { state, start, pause, resume, cancel, reset };
}
