import type { CallSignal } from '@projectory/contracts';
import type { Quality } from './calls.texts';

type Signal = Omit<CallSignal, 'callId'>;

export interface PeerOptions {
  /** The polite peer rolls back its own offer when offers collide (the callee, see call-machine). */
  polite: boolean;
  iceServers: RTCIceServer[];
  iceTransportPolicy?: RTCIceTransportPolicy;
  /** The local microphone and camera (either may be missing). */
  local: MediaStream;
  send: (signal: Signal) => void;
  onRemoteStream: (stream: MediaStream) => void;
  onConnectionState: (state: RTCPeerConnectionState) => void;
}

/**
 * One RTCPeerConnection with the "perfect negotiation" pattern: either side may renegotiate at any time
 * (camera on/off, screen share, ICE restart); when offers collide the impolite peer ignores the other's
 * offer and the polite one rolls back its own. The caller opens one audio and one video transceiver; the
 * callee answers on the same two, so turning the camera on or off is a direction change, not a new track.
 */
export class CallPeer {
  readonly pc: RTCPeerConnection;
  private makingOffer = false;
  private ignoreOffer = false;
  private settingRemoteAnswer = false;
  private readonly remote = new MediaStream();
  private attached = false;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: PeerOptions) {
    const { iceServers, iceTransportPolicy = 'all', local } = options;
    this.pc = new RTCPeerConnection({ iceServers, iceTransportPolicy });
    const pc = this.pc;

    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        if (pc.localDescription) this.send({ description: pc.localDescription.toJSON() });
      } catch {
        // A collision the other side's offer resolves.
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate?.candidate) this.send({ candidate: { ...candidate.toJSON(), candidate: candidate.candidate } });
    };
    pc.ontrack = ({ track }) => {
      if (!this.remote.getTracks().includes(track)) this.remote.addTrack(track);
      options.onRemoteStream(this.remote);
    };
    pc.onconnectionstatechange = () => options.onConnectionState(pc.connectionState);
    pc.oniceconnectionstatechange = () => {
      clearTimeout(this.restartTimer);
      // A network change: ask for new candidates at once when ICE failed, after a short grace when it dropped.
      if (pc.iceConnectionState === 'failed') pc.restartIce();
      else if (pc.iceConnectionState === 'disconnected') {
        this.restartTimer = setTimeout(() => {
          if (pc.iceConnectionState === 'disconnected') pc.restartIce();
        }, 3_000);
      }
    };

    if (!options.polite) {
      // The caller offers both kinds; a missing device is a receive-only transceiver until it is turned on.
      for (const kind of ['audio', 'video'] as const) {
        const track = local.getTracks().find((t) => t.kind === kind);
        pc.addTransceiver(track ?? kind, {
          direction: track ? 'sendrecv' : 'recvonly',
          streams: [local],
        });
      }
      this.attached = true;
    }
  }

  private send(signal: Signal): void {
    if (this.pc.signalingState !== 'closed') this.options.send(signal);
  }

  /** A `call:signal` from the other side. */
  async receive({ description, candidate }: Signal): Promise<void> {
    const pc = this.pc;
    if (pc.signalingState === 'closed') return;
    if (description) {
      const ready = !this.makingOffer && (pc.signalingState === 'stable' || this.settingRemoteAnswer);
      const collision = description.type === 'offer' && !ready;
      this.ignoreOffer = !this.options.polite && collision;
      if (this.ignoreOffer) return;
      this.settingRemoteAnswer = description.type === 'answer';
      await pc.setRemoteDescription(description as RTCSessionDescriptionInit);
      this.settingRemoteAnswer = false;
      if (description.type === 'offer') {
        if (!this.attached) this.attachLocal();
        await pc.setLocalDescription();
        if (pc.localDescription) this.send({ description: pc.localDescription.toJSON() });
      }
    } else if (candidate) {
      try {
        await pc.addIceCandidate(candidate as RTCIceCandidateInit);
      } catch (error) {
        if (!this.ignoreOffer) throw error;
      }
    }
  }

  /** The callee sends its microphone and camera on the caller's transceivers. */
  private attachLocal(): void {
    this.attached = true;
    for (const track of this.options.local.getTracks()) void this.setTrack(track.kind as 'audio' | 'video', track);
  }

  private transceiver(kind: 'audio' | 'video'): RTCRtpTransceiver | undefined {
    return this.pc.getTransceivers().find((t) => t.currentDirection !== 'stopped' && t.receiver.track.kind === kind);
  }

  /**
   * What this side sends of one kind: a track (sendrecv), or nothing (recvonly; the other side is told by
   * a renegotiation). `keepDirection` swaps the track without renegotiating (mute, screen share swap).
   */
  async setTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null, keepDirection = false): Promise<void> {
    const transceiver = this.transceiver(kind);
    if (!transceiver) return;
    await transceiver.sender.replaceTrack(track);
    if (track) transceiver.sender.setStreams(this.options.local);
    if (!keepDirection) transceiver.direction = track ? 'sendrecv' : 'recvonly';
  }

  close(): void {
    clearTimeout(this.restartTimer);
    this.pc.onnegotiationneeded = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.oniceconnectionstatechange = null;
    this.pc.close();
  }
}

/** Connection quality from one `getStats()`: round-trip time of the pair in use and inbound packet loss. */
export function qualityOf(stats: RTCStatsReport, previous?: { lost: number; received: number }) {
  let rtt: number | undefined;
  let lost = 0;
  let received = 0;
  stats.forEach((report: Record<string, unknown>) => {
    if (report.type === 'candidate-pair' && report.nominated && report.state === 'succeeded') {
      if (typeof report.currentRoundTripTime === 'number') rtt = report.currentRoundTripTime;
    }
    if (report.type === 'inbound-rtp') {
      lost += Number(report.packetsLost ?? 0);
      received += Number(report.packetsReceived ?? 0);
    }
  });
  const dLost = lost - (previous?.lost ?? 0);
  const dReceived = received - (previous?.received ?? 0);
  const loss = dLost + dReceived > 0 ? dLost / (dLost + dReceived) : 0;
  let quality: Quality = 'good';
  if ((rtt ?? 0) > 0.4 || loss > 0.08) quality = 'poor';
  else if ((rtt ?? 0) > 0.2 || loss > 0.02) quality = 'fair';
  return { quality, counters: { lost, received } };
}
