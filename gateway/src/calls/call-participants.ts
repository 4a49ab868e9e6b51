import { Inject, Injectable } from '@nestjs/common';
import { CallInternalPaths, type CallParticipants, openConversationStatuses } from '@projectory/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { InternalCalls } from '../upstream/internal-calls.js';
import type { SessionUser } from '../session/session-resolver.js';

const MAX_ENTRIES = 10_000;

/**
 * Who may call whom (API.md "Video calls"): the two participants of a pending or accepted match, as the
 * messaging service knows them (`GET /internal/calls/participants/:matchId`, asked with the caller's
 * identity: a stranger gets 404 and nothing is cached). An answer is kept for CALL_PARTICIPANTS_TTL_MS,
 * and replaced at once by a match's status change (`matching.match.status-changed`), whose payload is
 * the newer truth: messaging may not have consumed the same event yet.
 */
@Injectable()
export class CallParticipantsCache {
  private readonly entries = new Map<string, { participants: CallParticipants; at: number; expiresAt: number }>();

  constructor(
    private readonly internal: InternalCalls,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The match's participants if `user` is one of them and the match is open; undefined otherwise. */
  async callable(user: SessionUser, matchId: string): Promise<CallParticipants | undefined> {
    const now = Date.now();
    let entry = this.entries.get(matchId);
    if (!entry || entry.expiresAt <= now) {
      const participants = await this.internal.read<CallParticipants>(
        'messaging',
        user,
        CallInternalPaths.participants(matchId),
      );
      if (!participants) return undefined;
      entry = this.remember(participants, 0, now);
    }
    const { participants } = entry;
    const member = participants.studentId === user.userId || participants.employerId === user.userId;
    return member && isOpen(participants.status) ? participants : undefined;
  }

  /** A match's status changed (`at`: when, to ignore an older event arriving late). */
  statusChanged(participants: CallParticipants, at: number): void {
    const known = this.entries.get(participants.matchId);
    if (known && known.at > at) return;
    this.remember(participants, at, Date.now());
  }

  private remember(participants: CallParticipants, at: number, now: number) {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const entry = { participants, at, expiresAt: now + this.config.CALL_PARTICIPANTS_TTL_MS };
    this.entries.set(participants.matchId, entry);
    return entry;
  }
}

export const isOpen = (status: string): boolean => (openConversationStatuses as readonly string[]).includes(status);
