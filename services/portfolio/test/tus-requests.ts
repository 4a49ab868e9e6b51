// Raw tus 1.0 requests as a browser's tus client sends them through the gateway: the session cookie,
// and X-CSRF-Token on POST/PATCH/DELETE (tus-js-client's `headers` option carries it).
import type { ApiClient, HttpResult } from '@projectory/testing';

export interface TusMetadata {
  filename?: string;
  filetype?: string;
  purpose?: string;
}

export const encodeMetadata = (metadata: TusMetadata): string =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');

async function send(
  client: ApiClient,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Uint8Array,
): Promise<HttpResult> {
  const csrf: Record<string, string> =
    method === 'HEAD' || method === 'GET' ? {} : { 'x-csrf-token': await client.csrfToken() };
  const response = await fetch(`${client.base}${path}`, {
    method,
    headers: { 'tus-resumable': '1.0.0', ...csrf, cookie: client.cookieHeader, ...headers },
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: () => JSON.parse(text),
  };
}

/** POST /api/uploads: 201 with a relative Location, or the refusal. */
export function createUpload(
  client: ApiClient,
  size: number,
  metadata: TusMetadata,
  headers: Record<string, string> = {},
) {
  return send(client, 'POST', '/api/uploads', {
    'upload-length': String(size),
    'upload-metadata': encodeMetadata(metadata),
    ...headers,
  });
}

export function patchUpload(client: ApiClient, location: string, offset: number, bytes: Uint8Array) {
  return send(
    client,
    'PATCH',
    location,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );
}

export const headUpload = (client: ApiClient, location: string) => send(client, 'HEAD', location, {});

export const deleteUpload = (client: ApiClient, location: string) => send(client, 'DELETE', location, {});

/** Creates and sends the whole file in one PATCH; returns the Location and the last answer. */
export async function uploadFile(
  client: ApiClient,
  bytes: Uint8Array,
  metadata: TusMetadata,
): Promise<{ location: string; id: string; finish: HttpResult }> {
  const created = await createUpload(client, bytes.length, metadata);
  if (created.status !== 201) throw new Error(`creation answered ${created.status}: ${created.text}`);
  const location = created.headers.get('location')!;
  const finish = await patchUpload(client, location, 0, bytes);
  return { location, id: location.split('/').pop()!, finish };
}
