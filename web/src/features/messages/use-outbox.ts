import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { MessagingErrorCode, SafetyErrorCode } from '@projectory/contracts/values';
import { toApiFailure } from '../../api/api-error';
import { socket } from '../../api/socket';
import { useSendMessageMutation } from './messages.api';
import { messagesTexts } from './messages.texts';

const t = messagesTexts.errors;

/** A message on its way: shown at the end of its thread until the server's copy arrives. */
export interface OutgoingMessage {
  clientMessageId: string;
  matchId: string;
  content: string;
  attachment: { uploadId: string; fileName: string; fileSize: number } | null;
  status: 'sending' | 'failed';
  /** The network failed (rather than the server refusing): sent again by itself once back online. */
  offline: boolean;
  createdAt: string;
}

export interface Outbox {
  pending: (matchId: string) => OutgoingMessage[];
  send: (matchId: string, content: string, attachment: OutgoingMessage['attachment']) => void;
  retry: (clientMessageId: string) => void;
}

/**
 * Optimistic sends. Each message gets its client id once (crypto.randomUUID) and keeps it through
 * every retry, so the server stores it once however often it is sent (API.md: the same
 * clientMessageId answers the first message). A send the network dropped is retried by itself when the
 * browser is online again; any failed one can be retried by hand.
 */
export function useOutbox(): Outbox {
  const [messages, setMessages] = useState<OutgoingMessage[]>([]);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const [sendMessage] = useSendMessageMutation();
  const { notification } = App.useApp();

  const update = (clientMessageId: string, change: Partial<OutgoingMessage> | null) =>
    setMessages((all) =>
      change === null
        ? all.filter((message) => message.clientMessageId !== clientMessageId)
        : all.map((message) => (message.clientMessageId === clientMessageId ? { ...message, ...change } : message)),
    );

  const deliver = useCallback(
    async (message: OutgoingMessage) => {
      update(message.clientMessageId, { status: 'sending', offline: false });
      try {
        await sendMessage({
          matchId: message.matchId,
          content: message.content,
          clientMessageId: message.clientMessageId,
          ...(message.attachment ? { uploadId: message.attachment.uploadId } : {}),
        }).unwrap();
        update(message.clientMessageId, null);
      } catch (error) {
        const failure = toApiFailure(error);
        const offline = failure.code === 'NETWORK_ERROR';
        update(message.clientMessageId, { status: 'failed', offline });
        const closed = failure.code === MessagingErrorCode.ConversationClosed;
        const blocked = failure.code === SafetyErrorCode.Blocked;
        const description = blocked ? t.blocked : closed ? t.closed : t.send;
        notification.error({ title: t.title, description, key: 'message-send' });
      }
    },
    [sendMessage, notification],
  );

  const send = useCallback<Outbox['send']>(
    (matchId, content, attachment) => {
      const message: OutgoingMessage = {
        clientMessageId: crypto.randomUUID(),
        matchId,
        content,
        attachment,
        status: 'sending',
        offline: false,
        createdAt: new Date().toISOString(),
      };
      setMessages((all) => [...all, message]);
      void deliver(message);
    },
    [deliver],
  );

  const retry = useCallback<Outbox['retry']>(
    (clientMessageId) => {
      const message = messagesRef.current.find((candidate) => candidate.clientMessageId === clientMessageId);
      if (message && message.status === 'failed') void deliver(message);
    },
    [deliver],
  );

  // Back online (the browser says so, or the socket got through again): send what the network dropped.
  useEffect(() => {
    const resend = () => {
      for (const message of messagesRef.current)
        if (message.status === 'failed' && message.offline) void deliver(message);
    };
    window.addEventListener('online', resend);
    socket.on('connect', resend);
    return () => {
      window.removeEventListener('online', resend);
      socket.off('connect', resend);
    };
  }, [deliver]);

  const pending = useCallback(
    (matchId: string) => messages.filter((message) => message.matchId === matchId),
    [messages],
  );

  return { pending, send, retry };
}
