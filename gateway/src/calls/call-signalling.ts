import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { type CallParticipants, MatchStatusChangedV1 } from '@projectory/contracts';
import { EVENT_BUS, type EventBus, type Subscription } from '@projectory/platform';
import { CallCluster, type CallServer } from './call-cluster.js';
import { CallParticipantsCache, isOpen } from './call-participants.js';
import { CallRegistry } from './call-registry.js';
import { CallRelay, type CallSocket } from './call-relay.js';

/**
 * Call signalling (API.md "Video calls") in the gateway's Socket.IO server, as the realtime gateway
 * wires it in: the live calls this instance holds (CallRegistry), the sockets' call events (CallRelay)
 * and the exchanges with the other gateway instances (CallCluster), put together here with the
 * match status changes that end calls and the process's shutdown (gateway/README.md, "Video calls").
 */
@Injectable()
export class CallSignalling implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private subscription?: Subscription;

  constructor(
    private readonly registry: CallRegistry,
    private readonly relay: CallRelay,
    private readonly cluster: CallCluster,
    private readonly participants: CallParticipantsCache,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  init(server: CallServer): void {
    this.relay.init(server);
    this.cluster.init(server, {
      forwarded: (action) => this.relay.forwarded(action),
      busy: (matchId, userIds) => this.registry.busy(matchId, userIds),
      socketGone: (socketId) => this.relay.socketGone(socketId),
      matchChanged: (participants, at) => this.matchChanged(participants, at),
    });
  }

  connected(socket: CallSocket): void {
    this.relay.connected(socket);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe({
      group: 'gateway-calls',
      topics: [MatchStatusChangedV1.topic],
      handler: async (envelope) => {
        if (envelope.type !== MatchStatusChangedV1.type || envelope.version !== MatchStatusChangedV1.version) return;
        const parsed = MatchStatusChangedV1.schema.safeParse(envelope.payload);
        if (!parsed.success) return;
        const { matchId, studentId, employerId, to, changedAt } = parsed.data;
        const participants: CallParticipants = { matchId, studentId, employerId, status: to };
        const at = Date.parse(changedAt);
        this.matchChanged(participants, at);
        this.cluster.matchChanged(participants, at);
      },
    });
  }

  /** The process stops: its calls end (their tabs hear it) and leave their messages, one attempt each. */
  async beforeApplicationShutdown(): Promise<void> {
    this.relay.stopRetrying();
    await this.subscription?.close();
    await this.relay.endAll();
  }

  /** The participants' newer truth; a match that is no longer open ends its call. */
  private matchChanged(participants: CallParticipants, at: number): void {
    this.participants.statusChanged(participants, at);
    if (isOpen(participants.status)) return;
    const live = this.registry.ofMatch(participants.matchId);
    if (live) this.relay.end(live, 'match-ended');
  }
}
