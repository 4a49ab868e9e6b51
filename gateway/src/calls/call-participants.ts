import { Inject, Injectable } from '@nestjs/common';
import { CallInternalPaths, type CallParticipants, openConversationStatuses } from '@projectory/contracts';
import { ServiceUnavailableException } from '@projectory/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { InternalCalls } from '../upstream/internal-calls.js';
import type { SessionUser } from '../session/session-resolver.js';

const MAX_ENTRIES = 10_000;

/**
 * Who may call whom (API.md "Video calls"): the two participants of a pending or accepted match who have
 * not blocked each other, as the messaging service knows them (`GET /internal/calls/participants/:matchId`,
 * asked with the caller's identity at every invitation: a stranger gets 404, a blocked pair 403, and a
 * block takes effect at once). A match's status change (`matching.match.status-changed`) heard here is
 * kept for CALL_PARTICIPANTS_TTL_MS and wins over messaging's answer meanwhile: messaging may not have
 * consumed the same event yet.
 */
@Injectable()
export class CallParticipantsCache {
  private readonly entries = new Map<string, { participants: CallParticipants; at: number; expiresAt: number }>();

  constructor(
    private readonly internal: InternalCalls,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * The match's participants if `user` is one of them and the match is open; undefined otherwise;
   * 'blocked' when one of the two blocked the other.
   */
  async callable(user: SessionUser, matchId: string): Promise<CallParticipants | 'blocked' | undefined> {
    const answer = await this.internal.call<CallParticipants>(
      'messaging',
      user,
      'GET',
      CallInternalPaths.participants(matchId),
    );
    if (answer.status === 403) return 'blocked';
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw new ServiceUnavailableException('The messaging service could not answer');
    const heard = this.entries.get(matchId);
    const participants = heard && heard.expiresAt > Date.now() ? heard.participants : answer.body;
    const member = participants.studentId === user.userId || participants.employerId === user.userId;
    return member && isOpen(participants.status) ? participants : undefined;
  }

  /** A match's status changed (`at`: when, to ignore an older event arriving late). */
  statusChanged(participants: CallParticipants, at: number): void {
    const known = this.entries.get(participants.matchId);
    if (known && known.at > at) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(participants.matchId, {
      participants,
      at,
      expiresAt: Date.now() + this.config.CALL_PARTICIPANTS_TTL_MS,
    });
  }
}

export const isOpen = (status: string): boolean => (openConversationStatuses as readonly string[]).includes(status);
