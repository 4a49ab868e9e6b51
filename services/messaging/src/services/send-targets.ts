import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MessageRepository, type SendTarget } from '../repositories/message.repository.js';

/** How long a sender's first name may be remembered for the notification's title. */
export const SEND_TARGET_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * The send targets of recent senders, so that a chat send is one statement, not a read and then the
 * statement (B10: half the transactions per message, and about 40% more messages a second). A
 * conversation's participants never change, and the send's statement checks membership and status
 * again under its row lock, so nothing remembered here can let a send through; only the sender's
 * first name may be up to SEND_TARGET_TTL_MS old. Someone not taking part is never remembered.
 */
@Injectable()
export class SendTargets {
  private readonly entries = new Map<string, { target: SendTarget; expiresAt: number }>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly messages: MessageRepository,
  ) {}

  /** The target of `senderId`'s sends in the conversation of `matchId`; null if they do not take part in it. */
  async of(matchId: string, senderId: string): Promise<SendTarget | null> {
    const key = `${matchId}:${senderId}`;
    const now = Date.now();
    const known = this.entries.get(key);
    if (known && known.expiresAt > now) return known.target;
    const target = await this.messages.sendTarget(this.dataSource, matchId, senderId);
    if (!target) return null;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { target, expiresAt: now + SEND_TARGET_TTL_MS });
    return target;
  }
}
