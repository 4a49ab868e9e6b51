import { randomUUID } from 'node:crypto';
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
  NotificationRequestedV1,
  ReportFiledV1,
  autoReportReason,
  SafetyErrorCode,
  scamFlags,
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
import { MessageRepository, type OutboxRecord, toConversation, toMessage } from '../repositories/message.repository.js';
import { SendBatches } from './send-batches.js';
import { SendTargets } from './send-targets.js';

/**
 * An upload is attached only with this much time left before the portfolio service would sweep it
 * unused: time enough for portfolio to consume messaging.attachment.attached and mark it taken.
 */
const ATTACH_MARGIN_MS = 60 * 60 * 1000;
const ATTACHMENT_POLL_MS = 100;

const uploadRefused = (message: string) => new ValidationException([{ path: 'uploadId', message }]);

/** Messages page newest first by their seq: the cursor holds the last seq shown. */
const seqPosition = z.tuple([z.number().int().min(1).max(2_147_483_647)]);

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
    private readonly targets: SendTargets,
    private readonly batches: SendBatches,
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

  /**
   * The message and whether this call created it (false: the same clientMessageId was sent before).
   * No explicit transaction: who the recipient is (SendTargets, most often without a round trip), then
   * one statement that does the whole send under the conversation's row lock (MessageRepository.send,
   * shared with the sends that waited beside it: SendBatches), so the lock is never held while this
   * process is busy elsewhere (B10 chat); a closed conversation is its answer too. The away mail is
   * scheduled before the send commits: a crash after the commit cannot lose it, and a send that then
   * fails leaves a job that finds nothing new and does nothing.
   */
  async send(senderId: string, input: SendMessageInput): Promise<{ message: Message; created: boolean }> {
    const attachment = input.uploadId === null ? null : await this.attachable(senderId, input.uploadId);
    try {
      const target = await this.targets.of(input.matchId, senderId);
      if (!target) throw conversationNotFound();
      const recipientId = target.student_id === senderId ? target.employer_id : target.student_id;
      const messageId = randomUUID();
      // The statement fills in what only it knows (seq, sentAt, the attachment's record); these stand in.
      const sentAt = new Date().toISOString();
      const flags = scamFlags(input.content);
      const draft: Message = {
        id: messageId,
        matchId: input.matchId,
        seq: 1,
        senderId,
        recipientId,
        content: input.content,
        clientMessageId: input.clientMessageId,
        attachment: null,
        call: null,
        flags,
        sentAt,
        readAt: null,
      };
      // The recipient's tabs and the sender's other tabs, as one event.
      const push = this.notifier.request([recipientId, senderId], 'message:new', draft);
      const events: OutboxRecord[] = [
        {
          topic: NotificationRequestedV1.topic,
          envelope: this.outbox.envelope(NotificationRequestedV1, push.key, push.payload),
          fill: 'message',
        },
      ];
      // The employer's first message answers the application: the statement keeps it only for that one.
      if (senderId === target.employer_id) {
        events.push({
          topic: MessagingFirstReplyV1.topic,
          envelope: this.outbox.envelope(MessagingFirstReplyV1, input.matchId, {
            matchId: input.matchId,
            employerId: senderId,
            messageId,
            repliedAt: sentAt,
          }),
          fill: 'firstReply',
        });
      }
      if (attachment) {
        events.push({
          topic: MessageAttachmentAttachedV1.topic,
          envelope: this.outbox.envelope(MessageAttachmentAttachedV1, attachment.upload_id, {
            uploadId: attachment.upload_id,
            ownerId: senderId,
            matchId: input.matchId,
            messageId,
            attachedAt: sentAt,
          }),
          fill: 'attachment',
        });
      }
      // A flagged message files its auto report into the admins' queue in the same statement.
      const reportId = flags.length > 0 ? randomUUID() : null;
      if (reportId) {
        events.push({
          topic: ReportFiledV1.topic,
          envelope: this.outbox.envelope(ReportFiledV1, reportId, {
            reportId,
            source: 'auto',
            targetType: 'message',
            targetId: messageId,
            reportedUserId: senderId,
            reason: autoReportReason(flags),
            flags,
            filedAt: sentAt,
          }),
          fill: 'report',
        });
      }
      // A new message.received notification is stored under the id of the event that pushes it live
      // (the gateway gives that id to the client); while one is unread it only takes the newest text.
      const content = {
        title: `New message from ${target.sender_first_name || 'your match'}`,
        body: preview(input.content, attachment?.file_name ?? null),
        link: conversationLink(input.matchId),
      };
      const notification = this.outbox.envelope(NotificationRequestedV1, recipientId, {
        userId: recipientId,
        event: 'notification',
        data: { kind: 'message.received', ...content },
      });
      events.push({ topic: NotificationRequestedV1.topic, envelope: notification, fill: 'notification' });
      await this.awayMail.schedule({ about: 'conversation', matchId: input.matchId, recipientId });
      const sent = await this.batches.send({
        message: {
          id: messageId,
          matchId: input.matchId,
          senderId,
          recipientId,
          content: input.content,
          clientMessageId: input.clientMessageId,
          attachmentId: attachment?.upload_id ?? null,
          flags: flags.join(','),
          reportId,
        },
        notification: { id: notification.id, ...content, createdAt: notification.occurredAt },
        events,
      });
      if (!sent) throw conversationNotFound();
      if (!sent.message) {
        throw new MessagingException(sent.blocked ? SafetyErrorCode.Blocked : MessagingErrorCode.ConversationClosed);
      }
      return { message: toMessage(sent.message), created: true };
    } catch (error) {
      const repeatedClientId = isUniqueViolation(error, 'messages_client_message_key');
      const repeatedUpload = isUniqueViolation(error, 'messages_attachment_key');
      // A retry of a send that committed meanwhile (its statement waited on the row lock): the first message.
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
