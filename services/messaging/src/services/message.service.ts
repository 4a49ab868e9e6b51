import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Collection,
  type Conversation,
  type ListConversationsQuery,
  type ListMessagesQuery,
  type Message,
  MessageAttachmentAttachedV1,
  MessagingErrorCode,
  MessagingFirstReplyV1,
  openConversationStatuses,
  type SendMessageInput,
} from '@projectory/contracts';
import {
  decodeCursor,
  FILE_STORE,
  type FileDownload,
  FileNotFoundError,
  type FileStore,
  isUniqueViolation,
  newestFirstPosition,
  OutboxService,
  SERVICE_CONFIG,
  toPage,
  UserNotifier,
  ValidationException,
} from '@projectory/platform';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { attachmentNotFound, conversationNotFound, MessagingException } from '../exceptions/messaging.exception.js';
import { conversationLink, preview } from '../mail/domain/away-mail-texts.js';
import { AwayMailService } from '../mail/away-mail.service.js';
import type { MessagingConfig } from '../messaging.config.js';
import { NotificationsService } from '../notifications/services/notifications.service.js';
import { AttachmentRepository, type AttachmentRow } from '../repositories/attachment.repository.js';
import { MessageRepository, toConversation, toMessage } from '../repositories/message.repository.js';

/**
 * An upload is attached only with this much time left before the portfolio service would sweep it
 * unused: time enough for portfolio to consume messaging.attachment.attached and mark it taken.
 */
const ATTACH_MARGIN_MS = 60 * 60 * 1000;
const ATTACHMENT_POLL_MS = 100;

const uploadRefused = (message: string) => new ValidationException([{ path: 'uploadId', message }]);

/** Messages page newest first by their seq: the cursor holds the last seq shown. */
const seqPosition = z.tuple([z.number().int().min(1).max(2_147_483_647)]);

const isOpen = (status: string) => (openConversationStatuses as readonly string[]).includes(status);

/**
 * Conversations and messages (API.md "Messaging and notifications"): only the match's two participants
 * see or write a thread; a send locks the conversation row so seq is gapless, and a client's retry is
 * the first message again (the database's uniqueness rule on the client id).
 */
@Injectable()
export class MessageService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly messages: MessageRepository,
    private readonly attachments: AttachmentRepository,
    private readonly notifier: UserNotifier,
    private readonly outbox: OutboxService,
    private readonly notifications: NotificationsService,
    private readonly awayMail: AwayMailService,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
  ) {}

  async conversations(userId: string, query: ListConversationsQuery): Promise<Collection<Conversation>> {
    const after = decodeCursor(query.cursor, newestFirstPosition);
    const rows = await this.messages.conversations(this.dataSource, userId, {
      archived: query.archived,
      q: query.q || undefined,
      limit: query.limit,
      after,
    });
    return toPage(rows, query.limit, toConversation, (row) => [row.position, row.match_id]);
  }

  async list(userId: string, matchId: string, query: ListMessagesQuery): Promise<Collection<Message>> {
    const before = decodeCursor(query.cursor, seqPosition)?.[0];
    if (!(await this.messages.conversationOf(this.dataSource, matchId, userId))) throw conversationNotFound();
    const rows = await this.messages.list(this.dataSource, matchId, query.limit, before, query.afterSeq);
    return toPage(rows, query.limit, toMessage, (row) => [row.seq]);
  }

  /** The message and whether this call created it (false: the same clientMessageId was sent before). */
  async send(senderId: string, input: SendMessageInput): Promise<{ message: Message; created: boolean }> {
    const attachment = input.uploadId === null ? null : await this.attachable(senderId, input.uploadId);
    try {
      const message = await this.dataSource.transaction(async (manager) => {
        const conversation = await this.messages.lockForSend(manager, input.matchId, senderId);
        if (!conversation) throw conversationNotFound();
        if (!isOpen(conversation.status)) throw new MessagingException(MessagingErrorCode.ConversationClosed);
        const recipientId = conversation.student_id === senderId ? conversation.employer_id : conversation.student_id;
        const row = await this.messages.insert(manager, {
          matchId: input.matchId,
          seq: conversation.last_seq + 1,
          senderId,
          recipientId,
          content: input.content,
          clientMessageId: input.clientMessageId,
          attachmentId: attachment?.upload_id ?? null,
        });
        const message = toMessage(row);
        // The employer's first message answers the application: told once per conversation (the row is locked).
        if (
          senderId === conversation.employer_id &&
          conversation.employer_replied_at === null &&
          (await this.messages.markEmployerReplied(manager, input.matchId, row.sent_at))
        ) {
          await this.outbox.add(manager, MessagingFirstReplyV1, input.matchId, {
            matchId: input.matchId,
            employerId: senderId,
            messageId: message.id,
            repliedAt: message.sentAt,
          });
        }
        if (attachment) {
          await this.outbox.add(manager, MessageAttachmentAttachedV1, attachment.upload_id, {
            uploadId: attachment.upload_id,
            ownerId: senderId,
            matchId: message.matchId,
            messageId: message.id,
            attachedAt: message.sentAt,
          });
        }
        // The recipient's tabs and the sender's other tabs, as one event.
        await this.notifier.push(manager, [recipientId, senderId], 'message:new', message);
        await this.notifications.messageReceived(manager, recipientId, message.matchId, {
          title: `New message from ${conversation.sender_first_name || 'your match'}`,
          body: preview(message.content, attachment?.file_name ?? null),
          link: conversationLink(message.matchId),
        });
        await this.awayMail.schedule({ about: 'conversation', matchId: message.matchId, recipientId });
        return message;
      });
      return { message, created: true };
    } catch (error) {
      const repeatedClientId = isUniqueViolation(error, 'messages_client_message_key');
      const repeatedUpload = isUniqueViolation(error, 'messages_attachment_key');
      // A retry of a send that committed meanwhile (its transaction waited on the row lock): the first message.
      if (input.clientMessageId !== null && (repeatedClientId || repeatedUpload)) {
        const first = await this.messages.byClientId(this.dataSource, input.matchId, senderId, input.clientMessageId);
        if (first) return { message: toMessage(first), created: false };
      }
      if (repeatedUpload) throw uploadRefused('This file was already sent in a message');
      throw error;
    }
  }

  /**
   * The sender's stored attachment upload, waiting up to ATTACHMENT_WAIT_MS for its event (a send right
   * after the upload finished may come first); else the 400 naming `uploadId` that the portfolio service
   * gives for a foreign, unknown or unfinished upload. Whether it was sent before is the database's
   * uniqueness rule, at the insert.
   */
  private async attachable(senderId: string, uploadId: string): Promise<AttachmentRow> {
    const deadline = Date.now() + this.config.ATTACHMENT_WAIT_MS;
    for (;;) {
      const upload = await this.attachments.ownUpload(this.dataSource, uploadId, senderId, ATTACH_MARGIN_MS);
      if (upload?.expiring) throw uploadRefused('This upload has expired: upload the file again');
      if (upload) return upload;
      if (Date.now() >= deadline) throw uploadRefused('Upload not found or not finished');
      await sleep(ATTACHMENT_POLL_MS);
    }
  }

  /** A sent attachment's record and bytes, to the two participants of its conversation only (anyone else 404). */
  async attachmentFile(userId: string, uploadId: string): Promise<{ attachment: AttachmentRow; file: FileDownload }> {
    const attachment = await this.attachments.forParticipant(this.dataSource, uploadId, userId);
    if (!attachment) throw attachmentNotFound();
    try {
      return { attachment, file: await this.files.get(attachment.file_key) };
    } catch (error) {
      if (error instanceof FileNotFoundError) throw attachmentNotFound();
      throw error;
    }
  }

  /**
   * Moves the reader's pointer; the other participant hears of it when it moved. Closed threads too.
   * Caught up with the whole conversation, the reader's message notification of it is read as well.
   */
  async markRead(userId: string, matchId: string, upToSeq: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // Locked: a message sent meanwhile either counts here or gets a notification of its own.
      const conversation = await this.messages.conversationOf(manager, matchId, userId, true);
      if (!conversation) throw conversationNotFound();
      const moved = await this.messages.markRead(manager, matchId, userId, upToSeq);
      if (!moved) return;
      if (moved.up_to_seq >= conversation.last_seq) await this.notifications.conversationRead(manager, userId, matchId);
      const otherId = conversation.student_id === userId ? conversation.employer_id : conversation.student_id;
      await this.notifier.push(manager, otherId, 'message:read', {
        matchId,
        readerId: userId,
        upToSeq: moved.up_to_seq,
        readAt: new Date(moved.read_at).toISOString(),
      });
    });
  }

  unreadCount(userId: string): Promise<number> {
    return this.messages.unreadTotal(this.dataSource, userId);
  }
}
