// Hooks and helpers that several features use, none of them a component with a look of its own.
// A module imports the one file it needs (`shared/lib/format-date`); this index lists them all.
export { confirmDanger, type DangerConfirmTexts } from './confirm-danger';
export { showServerErrors, type ServerErrorOptions } from './form-errors';
export { requiredTextRules } from './form-rules';
export { formatDate, formatDateTime, formatDay } from './format-date';
export { formatFileSize } from './format-file-size';
export { lazyDialog, lazyPart, type LazyPart } from './lazy-part';
export { lazyPartTexts } from './lazy-part.texts';
export { personName, type NamedPerson } from './person-name';
export { uploadTexts } from './upload.texts';
export { useDebouncedValue } from './use-debounced-value';
export { useDocumentTitle } from './use-document-title';
export { useTab } from './use-tab';
export { useTusUpload, type TusUpload, type UploadState } from './use-tus-upload';
