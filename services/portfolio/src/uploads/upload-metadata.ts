import { uploadPurposes, type UploadPurpose } from '@projectory/contracts';
import { type ErrorIssue } from '@projectory/contracts';
import { ValidationException } from '@projectory/platform';
import { Metadata } from '@tus/server';
import type { UploadRequest } from './upload-pipeline.js';

const FILE_NAME_MAX = 200;
const TYPE_MAX = 200;

/**
 * A file name fit to store and to send back in a header: the last path segment only, no control or
 * reserved characters (they become `_`), whitespace collapsed, at most 200 characters with the
 * extension kept; `file` when nothing is left.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u2028\u2029]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  if ([...name].length > FILE_NAME_MAX) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name =
      [...name.slice(0, name.length - extension.length)].slice(0, FILE_NAME_MAX - extension.length).join('') +
      extension;
  }
  return name || 'file';
}

/**
 * A tus creation's headers as an upload request: `Upload-Length` (a deferred length is refused: the
 * purpose's limit and the quota need it up front) and `Upload-Metadata` `purpose`, `filename`,
 * `filetype`. Bad values are a 400 naming the header or metadata key.
 */
export function parseCreation(headers: Record<string, string | string[] | undefined>, ownerId: string): UploadRequest {
  const issues: ErrorIssue[] = [];
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const lengthText = header('upload-length');
  const size = lengthText !== undefined && /^\d{1,15}$/.test(lengthText) ? Number(lengthText) : undefined;
  if (size === undefined) {
    issues.push({
      path: 'Upload-Length',
      message:
        header('upload-defer-length') !== undefined
          ? 'Upload-Length is required: uploads of unknown length are not supported'
          : 'Upload-Length must be the file size in bytes',
    });
  }
  let metadata: Record<string, string | null | undefined> = {};
  const metadataText = header('upload-metadata');
  try {
    metadata = metadataText ? Metadata.parse(metadataText) : {};
  } catch {
    issues.push({ path: 'Upload-Metadata', message: 'Upload-Metadata must be key and base64 value pairs' });
  }
  const purpose = metadata.purpose;
  if (!uploadPurposes.includes(purpose as UploadPurpose)) {
    issues.push({ path: 'purpose', message: `Purpose must be one of ${uploadPurposes.join(', ')}` });
  }
  const fileName = metadata.filename ?? metadata.name;
  if (!fileName || !fileName.trim()) issues.push({ path: 'filename', message: 'File name is required' });
  const declaredType = metadata.filetype ?? metadata.type ?? null;
  if (declaredType !== null && (declaredType.length > TYPE_MAX || /[^\x20-\x7e]/.test(declaredType))) {
    issues.push({ path: 'filetype', message: 'File type must be a media type such as application/pdf' });
  }
  if (issues.length > 0) throw new ValidationException(issues);
  return {
    ownerId,
    purpose: purpose as UploadPurpose,
    size: size!,
    fileName: sanitizeFileName(fileName!),
    declaredType: declaredType?.toLowerCase() ?? null,
  };
}
