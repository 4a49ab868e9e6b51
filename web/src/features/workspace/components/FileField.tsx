import { Alert, Button, Progress } from 'antd';
import { useId, useRef, type ChangeEvent } from 'react';
import { formatFileSize } from '../../../shared/lib/format-file-size';
import type { TusUpload } from '../../../shared/lib/use-tus-upload';
import { Icon } from '../../../shared/ui/Icon';
import { workspaceTexts } from '../workspace.texts';

const t = workspaceTexts.submitDialog;
/** The browser's file picker, opened by the button (the button is what the keyboard and screen readers reach). */
const HIDDEN_PICKER = { type: 'file', className: 'pj-visually-hidden', tabIndex: -1, 'aria-hidden': true } as const;

/**
 * One optional file for a submission: "Attach a file", then its upload's progress bar and what can be
 * done with it (cancel while it goes up, try again after a failure, remove or change once uploaded).
 */
export function FileField({ upload }: { upload: TusUpload }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state } = upload;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.start(file);
  };
  const choose = () => input.current?.click();

  let body;
  if (state.phase === 'idle') {
    body = (
      <Button icon={<Icon name="upload" size={16} />} onClick={choose} aria-describedby={`${id}-label`}>
        {t.chooseFile}
      </Button>
    );
  } else {
    const { file } = state;
    const sent = state.phase === 'complete' ? state.total : state.sent;
    const percent = state.total > 0 ? Math.floor((sent / state.total) * 100) : 100;
    const moving = state.phase === 'uploading' || state.phase === 'paused';
    body = (
      <div className="pj-workspace-file">
        <p className="pj-workspace-file__name" role="status">
          <Icon name="file" size={16} />
          <span>
            {moving && t.uploading(file.name)}
            {state.phase === 'complete' && t.uploaded(file.name)}
            {state.phase === 'failed' && t.uploadFailed(file.name, state.message)}
          </span>
          <span className="pj-workspace-file__size">{formatFileSize(state.total)}</span>
        </p>
        <Progress
          percent={percent}
          size="small"
          status={state.phase === 'failed' ? 'exception' : state.phase === 'complete' ? 'success' : 'active'}
          aria-label={t.progressLabel(file.name)}
          aria-valuetext={`${percent}%`}
        />
        {state.phase === 'failed' && <Alert type="error" showIcon title={state.message} />}
        <div className="pj-workspace-file__actions">
          {moving && (
            <Button size="small" onClick={upload.cancel}>
              {t.cancelUpload}
            </Button>
          )}
          {state.phase === 'failed' && (
            <Button size="small" onClick={() => upload.start(file)}>
              {t.retryUpload}
            </Button>
          )}
          {!moving && (
            <>
              <Button size="small" onClick={choose}>
                {t.changeFile}
              </Button>
              <Button size="small" onClick={upload.reset}>
                {t.removeFile}
              </Button>
            </>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="pj-workspace-dialog__group" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="pj-workspace-dialog__legend">
        {t.file}
      </span>
      {body}
      <input ref={input} {...HIDDEN_PICKER} onChange={onFile} />
    </div>
  );
}
