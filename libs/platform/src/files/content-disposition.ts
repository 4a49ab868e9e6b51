/** Images the browser may show in place; anything else (SVG included, it can carry script) is a download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

/**
 * `Content-Disposition` for a stored file served to a browser (portfolio files, message attachments):
 * inline for plain raster images, attachment otherwise, with the name as an ASCII fallback and RFC 8187
 * UTF-8 (`filename*`), so no name can break the header.
 */
export function contentDisposition(fileName: string, fileType: string): string {
  const kind = INLINE_TYPES.has(fileType.toLowerCase()) ? 'inline' : 'attachment';
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The headers every stored file is served with: its checked type, nosniff and a sandbox, never cached by others. */
export function storedFileHeaders(file: { fileName: string; fileType: string; size: number }): Record<string, string> {
  return {
    'content-type': file.fileType,
    'content-length': String(file.size),
    'content-disposition': contentDisposition(file.fileName, file.fileType),
    'x-content-type-options': 'nosniff',
    'content-security-policy': 'sandbox',
    'cache-control': 'private, no-store',
  };
}
