import { Injectable } from '@nestjs/common';
import { openConversationStatuses } from '@projectory/contracts';
import { OutboxService } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { type ChatSend, MessageRepository, type SendAnswer } from '../repositories/message.repository.js';

/** How many send statements run at once; sends that arrive meanwhile wait and go together in the next. */
const SEND_STATEMENTS_AT_ONCE = 2;
/** The most sends one statement takes. */
const SENDS_PER_STATEMENT = 100;

interface Waiting {
  send: ChatSend;
  resolve: (answer: SendAnswer) => void;
  reject: (error: unknown) => void;
}

/**
 * Chat sends go to the database together (ADR 0017): while SEND_STATEMENTS_AT_ONCE statements run, the
 * sends that arrive wait, and the next statement takes them all (one per conversation, oldest first),
 * so under load a message costs a share of one commit and one round trip instead of its own. A lone
 * send does not wait. A statement that fails (one send's repeated client id or upload) is not anyone's
 * answer: each of its sends goes again alone, and gets its own.
 */
@Injectable()
export class SendBatches {
  private waiting: Waiting[] = [];
  private running = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly messages: MessageRepository,
    private readonly outbox: OutboxService,
  ) {}

  send(send: ChatSend): Promise<SendAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ send, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.running < SEND_STATEMENTS_AT_ONCE && this.waiting.length > 0) {
      const batch = this.take();
      this.running += 1;
      void this.run(batch).finally(() => {
        this.running -= 1;
        this.next();
      });
    }
  }

  /** The oldest waiting sends, one per conversation: a later send to the same one keeps its place. */
  private take(): Waiting[] {
    const taken: Waiting[] = [];
    const left: Waiting[] = [];
    const conversations = new Set<string>();
    for (const waiting of this.waiting) {
      const matchId = waiting.send.message.matchId;
      if (taken.length < SENDS_PER_STATEMENT && !conversations.has(matchId)) {
        conversations.add(matchId);
        taken.push(waiting);
      } else {
        left.push(waiting);
      }
    }
    this.waiting = left;
    return taken;
  }

  private async run(batch: Waiting[]): Promise<void> {
    try {
      const answers = await this.statement(batch.map((waiting) => waiting.send));
      batch.forEach((waiting, index) => waiting.resolve(answers[index]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const waiting of batch) await this.run([waiting]);
    }
  }

  private async statement(sends: ChatSend[]): Promise<SendAnswer[]> {
    const notify = this.outbox.mustNotify();
    const answers = await this.messages.send(this.dataSource, sends, openConversationStatuses, {
      channel: this.outbox.channel,
      notify,
    });
    if (!notify) this.outbox.committed();
    return answers;
  }
}
