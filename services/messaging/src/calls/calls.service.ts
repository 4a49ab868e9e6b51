import { Inject, Injectable } from '@nestjs/common';
import {
  type CallParticipants,
  type CallRecord,
  type IceServersResponse,
  type Message,
  NotFoundCode,
  SafetyErrorCode,
} from '@projectory/contracts';
import { notFound, SERVICE_CONFIG, UserNotifier } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { conversationNotFound, MessagingException } from '../exceptions/messaging.exception.js';
import { conversationLink } from '../mail/domain/away-mail-texts.js';
import type { MessagingConfig } from '../messaging.config.js';
import { MessageRepository, toMessage } from '../repositories/message.repository.js';
import { CallRepository } from './repositories/call.repository.js';
import { callMessageContent, missedCallTitle } from './domain/call-texts.js';
import { iceServersFor, parseTurnUrls } from './domain/turn-credentials.js';

/**
 * Video calls' part in messaging (API.md "Video calls"): ICE servers for the signed-in caller, who may
 * call whom (for the gateway, which signals the calls), and the message every finished call leaves in
 * its thread, pushed as `message:new` to both; a missed call also notifies the callee.
 */
@Injectable()
export class CallsService {
  private readonly turnUrls: string[];

  constructor(
    private readonly dataSource: DataSource,
    private readonly calls: CallRepository,
    private readonly messages: MessageRepository,
    private readonly notifier: UserNotifier,
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
  ) {
    this.turnUrls = parseTurnUrls(config.TURN_URLS);
  }

  iceServers(userId: string): IceServersResponse {
    return iceServersFor(userId, {
      urls: this.turnUrls,
      secret: this.config.TURN_SECRET,
      ttlSeconds: this.config.TURN_TTL_SECONDS,
    });
  }

  /** The match's participants and status, to one of them only (anyone else 404; 403 BLOCKED when one blocked the other). */
  async participants(userId: string, matchId: string): Promise<CallParticipants> {
    const found = await this.calls.participants(this.dataSource, matchId, userId);
    if (!found) throw conversationNotFound();
    const { blocked, ...participants } = found;
    if (blocked) throw new MessagingException(SafetyErrorCode.Blocked);
    return participants;
  }

  /**
   * Stores a finished call's message once (reported by the gateway on behalf of the caller, who is its
   * sender), also in a thread that has closed since (the call happened). A repeated report answers the
   * stored message.
   */
  async record(callerId: string, call: CallRecord): Promise<{ message: Message; created: boolean }> {
    if (call.callerId !== callerId) throw notFound(NotFoundCode.Call);
    const message = await this.dataSource.transaction(async (manager) => {
      const conversation = await this.messages.lockForSend(manager, call.matchId, callerId);
      if (!conversation) throw conversationNotFound();
      const calleeId = conversation.student_id === callerId ? conversation.employer_id : conversation.student_id;
      const row = await this.calls.insert(manager, {
        matchId: call.matchId,
        seq: conversation.last_seq + 1,
        senderId: callerId,
        recipientId: calleeId,
        content: callMessageContent(call),
        callId: call.callId,
        outcome: call.outcome,
        durationSeconds: call.outcome === 'completed' ? call.durationSeconds : 0,
      });
      if (!row) return null;
      const message = toMessage(row);
      await this.notifier.push(manager, [calleeId, callerId], 'message:new', message);
      if (call.outcome === 'missed') {
        await this.notifier.notify(manager, calleeId, {
          kind: 'call.missed',
          title: missedCallTitle(call.video, conversation.sender_first_name),
          body: 'Call back from the conversation',
          link: conversationLink(call.matchId),
        });
      }
      return message;
    });
    if (message) return { message, created: true };
    const stored = await this.calls.byCallId(this.dataSource, call.callId);
    if (!stored || stored.match_id !== call.matchId) throw notFound(NotFoundCode.Call);
    return { message: toMessage(stored), created: false };
  }
}
