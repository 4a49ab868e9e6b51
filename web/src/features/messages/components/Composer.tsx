import { Button, Progress } from 'antd';
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Icon } from '../../../shared/ui/Icon';
import { useTusUpload } from '../../../shared/lib/use-tus-upload';
import { formatFileSize } from '../../../shared/lib/format-file-size';
import { COMPOSER_MAX_HEIGHT, COMPOSER_MIN_HEIGHT, CONTENT_MAX, COUNTER_FROM, messagesTexts } from '../messages.texts';
import type { OutgoingMessage } from '../use-outbox';

const t = messagesTexts.composer;

export interface ComposerProps {
  onSend: (content: string, attachment: OutgoingMessage['attachment']) => void;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line, the box grows from 40 to 120 px, the text
 * is trimmed and at most 5000 characters (a counter shows near the limit). A file goes up first (tus,
 * purpose `attachment`) with its progress and a cancel, and is sent with the next message.
 */
export function Composer({ onSend }: ComposerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useTusUpload('attachment');
  const { state } = upload;

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    box.style.height = 'auto';
    const borders = box.offsetHeight - box.clientHeight; // the box is border-box: its height includes them
    const wanted = box.scrollHeight + borders;
    box.style.height = `${Math.min(COMPOSER_MAX_HEIGHT, Math.max(COMPOSER_MIN_HEIGHT, wanted))}px`;
  }, [text]);

  const content = text.trim();
  const uploading = state.phase === 'uploading' || state.phase === 'paused';
  const ready = state.phase === 'complete';
  const canSend = !uploading && state.phase !== 'failed' && (content.length > 0 || ready);

  const submit = () => {
    if (!canSend) return;
    const attachment =
      state.phase === 'complete'
        ? { uploadId: state.uploadId, fileName: state.file.name, fileSize: state.total }
        : null;
    onSend(content, attachment);
    setText('');
    if (attachment) upload.reset();
    boxRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.start(file);
  };

  return (
    <form className="pj-composer" onSubmit={onSubmit} aria-label={t.label}>
      {state.phase !== 'idle' && (
        <div className="pj-composer__file" role="status">
          <Icon name="file" size={16} />
          <span className="pj-composer__file-text">
            {uploading && t.uploading(state.file.name)}
            {ready && t.uploaded(state.file.name)}
            {state.phase === 'failed' && t.uploadFailed(state.file.name, state.message)}
          </span>
          {uploading && (
            <Progress
              className="pj-composer__progress"
              percent={state.total ? Math.round((state.sent / state.total) * 100) : 0}
              size="small"
              aria-label={t.uploading(state.file.name)}
            />
          )}
          {ready && <span className="pj-composer__file-size">{formatFileSize(state.total)}</span>}
          {state.phase === 'failed' && (
            <Button size="small" onClick={() => upload.start(state.file)}>
              {t.retryUpload}
            </Button>
          )}
          <Button
            size="small"
            type="text"
            icon={<Icon name="close" size={14} />}
            onClick={uploading ? upload.cancel : upload.reset}
            aria-label={uploading ? t.cancelUpload : t.removeAttachment}
          />
        </div>
      )}
      <div className="pj-composer__row">
        <input
          ref={fileRef}
          type="file"
          className="pj-visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFile}
        />
        <Button
          className="pj-composer__attach"
          icon={<Icon name="upload" size={18} />}
          onClick={() => fileRef.current?.click()}
          disabled={uploading}
          aria-label={t.attachLabel}
          title={t.attach}
        />
        <label htmlFor={`${id}-box`} className="pj-visually-hidden">
          {t.label}
        </label>
        <textarea
          id={`${id}-box`}
          ref={boxRef}
          className="pj-composer__box"
          value={text}
          maxLength={CONTENT_MAX}
          rows={1}
          placeholder={t.placeholder}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="primary" htmlType="submit" disabled={!canSend} aria-label={t.sendLabel}>
          {t.send}
        </Button>
      </div>
      <div className="pj-composer__foot">
        <span id={`${id}-hint`} className="pj-messages__hint">
          {t.hint}
        </span>
        {text.length >= COUNTER_FROM && (
          <span className="pj-composer__counter" aria-live="polite">
            {t.counter(text.length)}
          </span>
        )}
      </div>
    </form>
  );
}
