import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import {
  type Collection,
  type Conversation,
  type ListConversationsQuery,
  listConversationsQuerySchema,
  type ListMessagesQuery,
  listMessagesQuerySchema,
  type MarkReadInput,
  markReadSchema,
  type Message,
  type SendMessageInput,
  sendMessageSchema,
  type UnreadCount,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, storedFileHeaders, UuidParamPipe, zodPipe } from '@projectory/platform';
import type { FastifyReply } from 'fastify';
import { attachmentNotFound, conversationNotFound } from '../exceptions/messaging.exception.js';
import { MessageService } from '../services/message.service.js';

/** A path id that cannot be a match's is the same 404 as a stranger's conversation. */
const matchIdParam = new UuidParamPipe(conversationNotFound);
const attachmentIdParam = new UuidParamPipe(attachmentNotFound);

/** API.md "Messaging and notifications": the caller's conversations. */
@Controller('api/conversations')
export class ConversationsController {
  constructor(private readonly messages: MessageService) {}

  @Get()
  list(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(listConversationsQuerySchema)) query: ListConversationsQuery,
  ): Promise<Collection<Conversation>> {
    return this.messages.conversations(caller.userId, query);
  }
}

/** API.md "Messaging and notifications": a conversation's messages, sends and read pointers. */
@Controller('api/messages')
export class MessagesController {
  constructor(private readonly messages: MessageService) {}

  @Get('unread-count')
  async unreadCount(@Caller() caller: AuthenticatedIdentity): Promise<UnreadCount> {
    return { count: await this.messages.unreadCount(caller.userId) };
  }

  @Get('match/:matchId')
  list(
    @Caller() caller: AuthenticatedIdentity,
    @Param('matchId', matchIdParam) matchId: string,
    @Query(zodPipe(listMessagesQuerySchema)) query: ListMessagesQuery,
  ): Promise<Collection<Message>> {
    return this.messages.list(caller.userId, matchId, query);
  }

  /** 201 for a new message, 200 with the first one for a repeated clientMessageId. */
  @Post()
  async send(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(sendMessageSchema)) body: SendMessageInput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Message> {
    const { message, created } = await this.messages.send(caller.userId, body);
    if (!created) void reply.status(200);
    return message;
  }

  /**
   * A sent attachment, streamed to the conversation's two participants with the headers of portfolio
   * files: its checked type, attachment (raster images inline), nosniff and a sandbox.
   */
  @Get('attachments/:id')
  async attachment(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', attachmentIdParam) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { attachment, file } = await this.messages.attachmentFile(caller.userId, id);
    void reply.headers(
      storedFileHeaders({ fileName: attachment.file_name, fileType: attachment.file_type, size: file.size }),
    );
    return new StreamableFile(file.body);
  }

  @Post('match/:matchId/read')
  @HttpCode(204)
  async read(
    @Caller() caller: AuthenticatedIdentity,
    @Param('matchId', matchIdParam) matchId: string,
    @Body(zodPipe(markReadSchema)) body: MarkReadInput,
  ): Promise<void> {
    await this.messages.markRead(caller.userId, matchId, body.upToSeq);
  }
}
