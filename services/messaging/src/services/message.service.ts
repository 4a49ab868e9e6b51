import { Injectable } from '@nestjs/common';
import {
  type Collection,
  type Conversation,
  type ListConversationsQuery,
  type ListMessagesQuery,
  type Message,
  MessagingErrorCode,
  openConversationStatuses,
  type SendMessageInput,
} from '@projectory/contracts';
import { decodeCursor, isUniqueViolation, newestFirstPosition, toPage, UserNotifier } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { conversationNotFound, MessagingException } from '../exceptions/messaging.exception.js';
import { MessageRepository, toConversation, toMessage } from '../repositories/message.repository.js';

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
    private readonly notifier: UserNotifier,
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
    try {
      const message = await this.dataSource.transaction(async (manager) => {
        const conversation = await this.messages.conversationOf(manager, input.matchId, senderId, true);
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
        });
        const message = toMessage(row);
        await this.notifier.push(manager, recipientId, 'message:new', message);
        await this.notifier.push(manager, senderId, 'message:new', message);
        return message;
      });
      return { message, created: true };
    } catch (error) {
      // A retry of a send that committed meanwhile (its transaction waited on the row lock): the first message.
      if (input.clientMessageId === null || !isUniqueViolation(error, 'messages_client_message_key')) throw error;
      const first = await this.messages.byClientId(this.dataSource, input.matchId, senderId, input.clientMessageId);
      if (!first) throw error;
      return { message: toMessage(first), created: false };
    }
  }

  /** Moves the reader's pointer; the other participant hears of it when it moved. Closed threads too. */
  async markRead(userId: string, matchId: string, upToSeq: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const conversation = await this.messages.conversationOf(manager, matchId, userId);
      if (!conversation) throw conversationNotFound();
      const moved = await this.messages.markRead(manager, matchId, userId, upToSeq);
      if (!moved) return;
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
