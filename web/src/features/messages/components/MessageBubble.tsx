import { Button, Dropdown } from 'antd';
import { SafetyTip } from '../../../shared/ui/SafetyTip';
import type { Message } from '../messages.api';
import { formatFileSize } from '../../../shared/lib/format-file-size';
import { formatTime } from '../format';
import { messagesTexts } from '../messages.texts';
import type { OutgoingMessage } from '../use-outbox';

const t = messagesTexts.thread;

export const attachmentUrl = (id: string) => `/api/messages/attachments/${encodeURIComponent(id)}`;

export interface MessageBubbleProps {
  message: Message;
  mine: boolean;
  /** The sender's name (theirs), for the actions' label. */
  senderName?: string;
  /** Theirs: the "Report message" action, and the safety tip's. */
  onReport?: (message: Message) => void;
}

/**
 * A stored message: mine on the right with its read tick, theirs on the left with its actions (Report)
 * and, when the auto-flag rules matched it, the safety tip under it (API.md "Trust and safety").
 */
export function MessageBubble({ message, mine, senderName = '', onReport }: MessageBubbleProps) {
  const { attachment, call } = message;
  const reportable = !mine && onReport !== undefined && !call;
  return (
    <li className={`pj-message ${mine ? 'pj-message--mine' : 'pj-message--theirs'}`} data-seq={message.seq}>
      <div className="pj-message__row">
        <div className="pj-message__bubble">
          <span className="pj-visually-hidden">{mine ? `${t.you}: ` : ''}</span>
          {/* A call's message carries its own words ("Video call · 3:12", "Missed audio call"). */}
          {call && (
            <p className="pj-message__call" data-call-outcome={call.outcome}>
              {message.content ||
                `${t.callOutcome[call.outcome] ?? call.outcome}${call.outcome === 'completed' ? ` · ${t.callDuration(call.durationSeconds)}` : ''}`}
            </p>
          )}
          {message.content && !call && <p className="pj-message__text">{message.content}</p>}
          {attachment && (
            <a
              className="pj-message__file"
              href={attachmentUrl(attachment.id)}
              download={attachment.fileName}
              aria-label={`${t.download(attachment.fileName)} (${formatFileSize(attachment.fileSize)})`}
            >
              <span className="pj-message__file-name">{attachment.fileName}</span>
              <span className="pj-message__file-size">{formatFileSize(attachment.fileSize)}</span>
            </a>
          )}
          <span className="pj-message__meta">
            <time dateTime={message.sentAt}>{formatTime(message.sentAt)}</time>
            {mine && <ReadTick read={message.readAt !== null} />}
          </span>
        </div>
        {reportable && (
          <Dropdown
            trigger={['click']}
            autoFocus
            menu={{
              items: [{ key: 'report', label: t.reportMessage, danger: true }],
              onClick: () => onReport(message),
            }}
          >
            <Button size="small" type="text" className="pj-message__actions" aria-label={t.messageActions(senderName)}>
              <span aria-hidden="true">⋯</span>
            </Button>
          </Dropdown>
        )}
      </div>
      {!mine && (
        <SafetyTip
          flags={message.flags}
          onReport={reportable ? () => onReport(message) : undefined}
          reportLabel={t.reportMessage}
        />
      )}
    </li>
  );
}

function ReadTick({ read }: { read: boolean }) {
  return (
    <span className={`pj-message__tick${read ? ' pj-message__tick--read' : ''}`} title={read ? t.read : t.sent}>
      <span aria-hidden="true">{read ? '✓✓' : '✓'}</span>
      <span className="pj-visually-hidden">{read ? t.read : t.sent}</span>
    </span>
  );
}

/** A message on its way (or failed), with Retry when it failed. */
export function OutgoingBubble({ message, onRetry }: { message: OutgoingMessage; onRetry: (id: string) => void }) {
  const failed = message.status === 'failed';
  return (
    <li
      className={`pj-message pj-message--mine pj-message--${message.status}`}
      data-client-id={message.clientMessageId}
    >
      <div className="pj-message__bubble">
        <span className="pj-visually-hidden">{`${t.you}: `}</span>
        {message.content && <p className="pj-message__text">{message.content}</p>}
        {message.attachment && (
          <span className="pj-message__file">
            <span className="pj-message__file-name">{message.attachment.fileName}</span>
            <span className="pj-message__file-size">{formatFileSize(message.attachment.fileSize)}</span>
          </span>
        )}
        <span className="pj-message__meta">
          {failed ? (
            <>
              <span className="pj-message__failed">{t.failed}</span>
              <Button
                size="small"
                type="link"
                onClick={() => onRetry(message.clientMessageId)}
                aria-label={t.retryLabel}
              >
                {t.retry}
              </Button>
            </>
          ) : (
            <span>{t.sending}</span>
          )}
        </span>
      </div>
    </li>
  );
}
