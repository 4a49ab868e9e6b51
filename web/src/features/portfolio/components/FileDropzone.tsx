import { Alert, Button, Progress, Upload } from 'antd';
import { UPLOAD_LIMIT_BYTES_BY_PURPOSE } from '@projectory/contracts/values';
import { Icon } from '../../../shared/ui/Icon';
import { formatFileSize } from '../../../shared/lib/format-file-size';
import { portfolioTexts } from '../portfolio.texts';
import type { TusUpload } from '../../../shared/lib/use-tus-upload';

const t = portfolioTexts.upload;

/** What the picker offers (the server decides from the bytes; a dropped file is not filtered). */
const ACCEPT =
  '.pdf,image/*,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.zip,.txt,.md,.csv,.json,.mp4,video/mp4,text/plain';

export interface FileDropzoneProps {
  upload: TusUpload;
  /** Names the area (the form's 'File' label). */
  labelId: string;
  /** Called once a file is chosen, with it (the dialog prefills the title). */
  onChosen: (file: File) => void;
}

/**
 * The single-file drop zone of the 'Add Portfolio Item' dialog: choose or drop one file, then follow
 * its upload (progress, Pause, Resume, Cancel Upload); once complete or failed, 'Change File'.
 */
export function FileDropzone({ upload, labelId, onChosen }: FileDropzoneProps) {
  const { state } = upload;

  if (state.phase === 'idle') {
    return (
      <div aria-labelledby={labelId} role="group" className="pj-portfolio-drop">
        <Upload.Dragger
          multiple={false}
          maxCount={1}
          showUploadList={false}
          accept={ACCEPT}
          beforeUpload={(file) => {
            onChosen(file);
            upload.start(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <span className="pj-portfolio-drop__icon" aria-hidden="true">
            <Icon name="upload" size={28} />
          </span>
          <span className="pj-portfolio-drop__text">{t.drop}</span>
          <span className="pj-portfolio-drop__hint">
            {t.hint(formatFileSize(UPLOAD_LIMIT_BYTES_BY_PURPOSE.portfolio))}
          </span>
        </Upload.Dragger>
      </div>
    );
  }

  const { file } = state;
  const sent = state.phase === 'complete' ? state.total : state.sent;
  const percent = state.total > 0 ? Math.floor((sent / state.total) * 100) : 100;
  const status = {
    uploading: t.uploading,
    paused: t.paused,
    complete: t.complete,
    failed: t.failed,
  }[state.phase];

  return (
    <div aria-labelledby={labelId} role="group" className="pj-portfolio-file">
      <div className="pj-portfolio-file__head">
        <Icon name="file" size={20} />
        <span className="pj-portfolio-file__name">{file.name}</span>
        <span className="pj-portfolio-file__size">{formatFileSize(file.size)}</span>
      </div>
      <Progress
        percent={percent}
        status={state.phase === 'failed' ? 'exception' : state.phase === 'complete' ? 'success' : 'active'}
        aria-label={t.progressLabel(file.name)}
        aria-valuetext={`${percent}%`}
      />
      <p className="pj-portfolio-file__status" role="status">
        <strong>{status}</strong> · {t.progress(formatFileSize(sent), formatFileSize(state.total))}
      </p>
      {state.phase === 'failed' && <Alert type="error" showIcon role="alert" title={state.message} />}
      <div className="pj-portfolio-file__actions">
        {state.phase === 'uploading' && <Button onClick={upload.pause}>{t.pause}</Button>}
        {state.phase === 'paused' && (
          <Button type="primary" onClick={upload.resume}>
            {t.resume}
          </Button>
        )}
        {(state.phase === 'uploading' || state.phase === 'paused') && (
          <Button danger onClick={upload.cancel}>
            {t.cancel}
          </Button>
        )}
        {state.phase === 'failed' && <Button onClick={() => upload.start(file)}>{t.retry}</Button>}
        {(state.phase === 'complete' || state.phase === 'failed') && (
          <Button onClick={upload.reset}>{t.changeFile}</Button>
        )}
      </div>
    </div>
  );
}
