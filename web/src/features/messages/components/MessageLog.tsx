import { Alert, Button } from 'antd';
import { useLayoutEffect, useRef, type UIEvent } from 'react';
import type { Message } from '../messages.api';
import { dayKey, dayLabel } from '../format';
import { messagesTexts } from '../messages.texts';
import type { OutgoingMessage } from '../use-outbox';
import { MessageBubble, OutgoingBubble } from './MessageBubble';

const t = messagesTexts.thread;
/** Within this many pixels of the end, the log follows new messages; of the top, it loads older ones. */
const NEAR = 80;

export interface MessageLogProps {
  label: string;
  userId: string;
  messages: Message[];
  outgoing: OutgoingMessage[];
  onRetry: (clientMessageId: string) => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onLoadOlder: () => void;
  /** The other person's name, for their messages' actions. */
  counterpartName?: string;
  /** Their messages' "Report message" action. */
  onReport?: (message: Message) => void;
}

type Entry =
  { kind: 'stored'; message: Message; at: string } | { kind: 'outgoing'; message: OutgoingMessage; at: string };

/**
 * The thread, oldest at the top, with a separator per day. It opens at the newest message and follows
 * new ones while the reader is at the end (always after their own send); loading older messages keeps
 * what the reader looks at in place. Scrolling to the top, or the button there, loads the page before.
 */
export function MessageLog(props: MessageLogProps) {
  const { label, userId, messages, outgoing, onRetry, hasOlder, loadingOlder, olderFailed, onLoadOlder } = props;
  const { counterpartName, onReport } = props;
  const logRef = useRef<HTMLDivElement>(null);
  const seen = useRef<{ first: string | null; last: string | null; height: number; nearEnd: boolean }>({
    first: null,
    last: null,
    height: 0,
    nearEnd: true,
  });

  const entries: Entry[] = [
    ...messages.map((message): Entry => ({ kind: 'stored', message, at: message.sentAt })),
    ...outgoing.map((message): Entry => ({ kind: 'outgoing', message, at: message.createdAt })),
  ];
  const keyOf = (entry: Entry) => (entry.kind === 'stored' ? entry.message.id : entry.message.clientMessageId);
  const first = entries[0] ? keyOf(entries[0]) : null;
  const lastEntry = entries.at(-1);
  const last = lastEntry ? keyOf(lastEntry) : null;
  const lastIsMine =
    lastEntry !== undefined && (lastEntry.kind === 'outgoing' || lastEntry.message.senderId === userId);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const before = seen.current;
    if (before.first === null || (last !== before.last && (before.nearEnd || lastIsMine))) {
      log.scrollTop = log.scrollHeight;
    } else if (first !== before.first) {
      log.scrollTop += log.scrollHeight - before.height; // older messages went in above
    }
    seen.current = { first, last, height: log.scrollHeight, nearEnd: isNearEnd(log) };
  }, [first, last, lastIsMine]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const log = event.currentTarget;
    seen.current.nearEnd = isNearEnd(log);
    seen.current.height = log.scrollHeight;
    if (log.scrollTop < NEAR && hasOlder && !loadingOlder && !olderFailed) onLoadOlder();
  };

  const days: { key: string; at: string; entries: Entry[] }[] = [];
  for (const entry of entries) {
    const key = dayKey(entry.at);
    const current = days.at(-1);
    if (current?.key === key) current.entries.push(entry);
    else days.push({ key, at: entry.at, entries: [entry] });
  }

  return (
    <div ref={logRef} className="pj-thread__log" role="log" aria-label={label} tabIndex={0} onScroll={onScroll}>
      {hasOlder && (
        <div className="pj-thread__older">
          {olderFailed && <Alert type="error" title={t.olderError} showIcon className="pj-thread__older-error" />}
          <Button size="small" onClick={onLoadOlder} loading={loadingOlder}>
            {loadingOlder ? t.loadingOlder : t.loadOlder}
          </Button>
        </div>
      )}
      {entries.length === 0 && <p className="pj-messages__empty pj-thread__empty">{t.empty}</p>}
      {days.map((day) => (
        <div key={day.key} className="pj-thread__dayblock">
          <h3 className="pj-thread__day">
            <span>{dayLabel(day.at)}</span>
          </h3>
          <ol className="pj-thread__messages">
            {day.entries.map((entry) =>
              entry.kind === 'stored' ? (
                <MessageBubble
                  key={keyOf(entry)}
                  message={entry.message}
                  mine={entry.message.senderId === userId}
                  senderName={counterpartName}
                  onReport={onReport}
                />
              ) : (
                <OutgoingBubble key={keyOf(entry)} message={entry.message} onRetry={onRetry} />
              ),
            )}
          </ol>
        </div>
      ))}
    </div>
  );
}

function isNearEnd(log: HTMLElement): boolean {
  return log.scrollHeight - log.scrollTop - log.clientHeight < NEAR;
}
