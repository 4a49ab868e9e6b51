import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CallAck, CallSignal } from '@projectory/contracts';
import { socket, type ServerToClientEvents } from '../../api/socket';
import { useAppDispatch } from '../../app/hooks';
import { callsApi } from './calls.api';
import { idle, isActive, isPolite, transition, type CallCommand, type CallEvent, type CallState } from './call-machine';
import { getCamera, getLocalMedia, getScreen } from './media';
import { type Quality } from './calls.texts';
import { CallPeer, qualityOf } from './peer';

/** The client's own backstops; the server's ring timeout (45 s) normally ends the ringing first. */
const RING_TIMEOUT_MS = 60_000;
const CONNECT_TIMEOUT_MS = 30_000;
/** A connection that stays failed this long (ICE restarts included) ends the call. */
const FAILED_GRACE_MS = 15_000;

export interface CallMedia {
  local: MediaStream | null;
  remote: MediaStream | null;
  /** The other side sends video now (camera or screen). */
  remoteVideo: boolean;
  muted: boolean;
  cameraOn: boolean;
  sharing: boolean;
}

export interface CallContextValue {
  state: CallState;
  /** The other participant's user id, when the server said it. */
  otherUserId: string | null;
  media: CallMedia;
  quality: Quality | null;
  /** Why a device could not be used (the call may go on without the camera). */
  notice: string | null;
  start: (matchId: string, video: boolean) => void;
  accept: () => void;
  decline: () => void;
  hangUp: () => void;
  dismiss: () => void;
  toggleMute: () => void;
  toggleCamera: () => void;
  toggleScreen: () => void;
}

const CallContext = createContext<CallContextValue | null>(null);

export function useCall(): CallContextValue {
  const value = useContext(CallContext);
  if (!value) throw new Error('useCall outside CallProvider');
  return value;
}

const noMedia: CallMedia = {
  local: null,
  remote: null,
  remoteVideo: false,
  muted: false,
  cameraOn: false,
  sharing: false,
};

const ackReasons: Record<string, string> = {
  BUSY: 'busy',
  NOT_FOUND: 'forbidden',
  UNAVAILABLE: 'unavailable',
  VALIDATION_FAILED: 'failed',
};

function emit(command: CallCommand, ack: (result: CallAck) => void): void {
  if (command.emit === 'call:invite') socket.emit('call:invite', command.data, ack);
  else socket.emit(command.emit, command.data, ack);
}

/**
 * The signed-in app's one call: the state machine, the socket's call events, the devices and the peer
 * connection. Mounted by the shell, so a call rings and goes on whichever page is open.
 */
export function CallProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<CallState>(idle);
  const stateRef = useRef<CallState>(idle);
  const [otherUserId, setOtherUserId] = useState<string | null>(null);
  const [media, setMedia] = useState<CallMedia>(noMedia);
  const [quality, setQuality] = useState<Quality | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const localRef = useRef<MediaStream | null>(null);
  const screenRef = useRef<MediaStreamTrack | null>(null);
  const peerRef = useRef<CallPeer | null>(null);
  const queued = useRef<{ callId: string; signal: Omit<CallSignal, 'callId'> }[]>([]);
  const preparing = useRef(false);

  const send = useCallback((event: CallEvent) => {
    const previous = stateRef.current;
    const next = transition(previous, event);
    stateRef.current = next.state;
    if (next.state !== previous) setState(next.state);
    for (const command of next.commands) {
      emit(command, (result) => {
        if (result.ok || (command.emit !== 'call:invite' && command.emit !== 'call:accept')) return;
        const reason =
          command.emit === 'call:accept' && result.error === 'NOT_FOUND' ? 'missed' : ackReasons[result.error];
        send({ type: 'server-ended', callId: command.data.callId, reason: reason ?? 'failed', now: Date.now() });
      });
    }
  }, []);

  const keepLocal = (stream: MediaStream | null) => {
    localRef.current = stream;
    setMedia((current) => ({
      ...current,
      local: stream,
      muted: false,
      cameraOn: !!stream?.getVideoTracks().length,
    }));
  };

  const start = useCallback(
    (matchId: string, video: boolean) => {
      if (isActive(stateRef.current) || preparing.current) return;
      preparing.current = true;
      setNotice(null);
      void getLocalMedia(video).then((local) => {
        preparing.current = false;
        if (!local.ok) {
          setNotice(local.notice);
          return;
        }
        const now = stateRef.current;
        if (now.phase === 'ringing' && now.direction === 'incoming' && now.matchId === matchId) {
          // They called this conversation while my devices started: both want to talk, so answer.
          setNotice(local.notice);
          keepLocal(local.stream);
          send({ type: 'accept', now: Date.now() });
          return;
        }
        if (isActive(now)) {
          // Another call came in while the devices started.
          local.stream.getTracks().forEach((track) => track.stop());
          return;
        }
        setNotice(local.notice);
        keepLocal(local.stream);
        send({ type: 'start', callId: crypto.randomUUID(), matchId, video, now: Date.now() });
      });
    },
    [send],
  );

  const accept = useCallback(() => {
    const current = stateRef.current;
    if (current.phase !== 'ringing' || current.direction !== 'incoming' || preparing.current) return;
    preparing.current = true;
    setNotice(null);
    void getLocalMedia(current.video).then((local) => {
      preparing.current = false;
      if (!local.ok) {
        setNotice(local.notice);
        send({ type: 'failed', reason: 'media', now: Date.now() });
        return;
      }
      if (stateRef.current !== current) {
        local.stream.getTracks().forEach((track) => track.stop());
        return;
      }
      setNotice(local.notice);
      keepLocal(local.stream);
      send({ type: 'accept', now: Date.now() });
    });
  }, [send]);

  const decline = useCallback(() => send({ type: 'decline', now: Date.now() }), [send]);
  const hangUp = useCallback(() => send({ type: 'hangup', now: Date.now() }), [send]);
  const dismiss = useCallback(() => {
    setNotice(null);
    send({ type: 'dismiss' });
  }, [send]);

  // The socket's call events.
  useEffect(() => {
    const now = () => Date.now();
    const onInvite: ServerToClientEvents['call:invite'] = (data) => {
      if (!isActive(stateRef.current)) setOtherUserId(data.fromUserId);
      send({ type: 'remote-invite', callId: data.callId, matchId: data.matchId, video: data.video, now: now() });
    };
    const onRinging: ServerToClientEvents['call:ringing'] = (data) => {
      const current = stateRef.current;
      if (current.phase !== 'idle' && current.callId === data.callId) setOtherUserId(data.toUserId);
    };
    const onAccept: ServerToClientEvents['call:accept'] = ({ callId }) =>
      send({ type: 'remote-accept', callId, now: now() });
    const onDecline: ServerToClientEvents['call:decline'] = ({ callId }) =>
      send({ type: 'remote-decline', callId, now: now() });
    const onEnd: ServerToClientEvents['call:end'] = ({ callId }) => send({ type: 'remote-end', callId, now: now() });
    const onEnded: ServerToClientEvents['call:ended'] = ({ callId, reason }) =>
      send({ type: 'server-ended', callId, reason, now: now() });
    const onSignal: ServerToClientEvents['call:signal'] = ({ callId, description, candidate }) => {
      const current = stateRef.current;
      if (current.phase === 'idle' || current.callId !== callId) return;
      const signal = { description, candidate };
      if (peerRef.current) void peerRef.current.receive(signal).catch(() => undefined);
      else queued.current.push({ callId, signal });
    };
    const onDisconnect = () => {
      if (isActive(stateRef.current)) send({ type: 'failed', reason: 'failed', now: now() });
    };
    socket.on('call:invite', onInvite);
    socket.on('call:ringing', onRinging);
    socket.on('call:accept', onAccept);
    socket.on('call:decline', onDecline);
    socket.on('call:end', onEnd);
    socket.on('call:ended', onEnded);
    socket.on('call:signal', onSignal);
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('call:invite', onInvite);
      socket.off('call:ringing', onRinging);
      socket.off('call:accept', onAccept);
      socket.off('call:decline', onDecline);
      socket.off('call:end', onEnd);
      socket.off('call:ended', onEnded);
      socket.off('call:signal', onSignal);
      socket.off('disconnect', onDisconnect);
    };
  }, [send]);

  // Leaving the app (or signing out) hangs up.
  useEffect(() => () => send({ type: 'hangup', now: Date.now() }), [send]);

  const phase = state.phase;
  const callId = state.phase === 'idle' ? null : state.callId;

  // Backstop timers of ringing and connecting.
  useEffect(() => {
    if (phase !== 'ringing' && phase !== 'connecting') return;
    const timer = setTimeout(
      () => send({ type: 'timeout', now: Date.now() }),
      phase === 'ringing' ? RING_TIMEOUT_MS : CONNECT_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, [phase, callId, send]);

  // Connecting: the peer connection, with ICE servers asked for at the start of each call.
  const connecting = phase === 'connecting';
  useEffect(() => {
    const current = stateRef.current;
    if (!connecting || current.phase !== 'connecting' || peerRef.current) return;
    const local = localRef.current ?? new MediaStream();
    const { callId: id } = current;
    const polite = isPolite(current);
    let cancelled = false;
    let failedTimer: ReturnType<typeof setTimeout> | undefined;
    void dispatch(callsApi.endpoints.getIceServers.initiate(undefined, { subscribe: false, forceRefetch: true }))
      .unwrap()
      .then((answer) => answer.iceServers as RTCIceServer[])
      .catch(() => [] as RTCIceServer[]) // host candidates still connect on one network
      .then((iceServers) => {
        const now = stateRef.current;
        if (cancelled || now.phase === 'idle' || now.phase === 'ended' || now.callId !== id) return;
        const peer = new CallPeer({
          polite,
          iceServers,
          local,
          send: (signal) => socket.emit('call:signal', { callId: id, ...signal }),
          onRemoteStream: (stream) => {
            const video = stream.getVideoTracks()[0];
            if (video) {
              const update = () => setMedia((m) => ({ ...m, remoteVideo: !video.muted }));
              video.onmute = update;
              video.onunmute = update;
            }
            setMedia((m) => ({ ...m, remote: stream, remoteVideo: !!video && !video.muted }));
          },
          onConnectionState: (connection) => {
            clearTimeout(failedTimer);
            if (connection === 'connected') send({ type: 'connected', now: Date.now() });
            if (connection === 'failed') {
              failedTimer = setTimeout(() => {
                const latest = stateRef.current;
                // Only this call: a new one may have started since.
                if (latest.phase !== 'idle' && latest.callId === id) {
                  send({ type: 'failed', reason: 'failed', now: Date.now() });
                }
              }, FAILED_GRACE_MS);
            }
          },
        });
        peerRef.current = peer;
        const waiting = queued.current.filter((item) => item.callId === id);
        queued.current = [];
        void (async () => {
          for (const item of waiting) await peer.receive(item.signal).catch(() => undefined);
        })();
      });
    return () => {
      cancelled = true;
      clearTimeout(failedTimer);
    };
  }, [connecting, callId, dispatch, send]);

  // Connected: the connection quality every 2 s.
  useEffect(() => {
    if (phase !== 'connected') return;
    let previous: { lost: number; received: number } | undefined;
    const timer = setInterval(() => {
      const peer = peerRef.current;
      if (!peer) return;
      void peer.pc.getStats().then((stats) => {
        const result = qualityOf(stats, previous);
        previous = result.counters;
        setQuality(result.quality);
      });
    }, 2_000);
    return () => clearInterval(timer);
  }, [phase, callId]);

  // Answered in another tab: this tab just stops ringing.
  const answeredElsewhere = state.phase === 'ended' && state.reason === 'answered-elsewhere';
  useEffect(() => {
    if (answeredElsewhere) send({ type: 'dismiss' });
  }, [answeredElsewhere, send]);

  // Over: the devices and the connection are let go.
  const over = phase === 'idle' || phase === 'ended';
  useEffect(() => {
    if (!over) return;
    peerRef.current?.close();
    peerRef.current = null;
    queued.current = [];
    localRef.current?.getTracks().forEach((track) => track.stop());
    localRef.current = null;
    screenRef.current?.stop();
    screenRef.current = null;
    setMedia(noMedia);
    setQuality(null);
    if (phase === 'idle') setOtherUserId(null);
  }, [over, phase]);

  /** What this side sends as video: the shared screen before the camera. */
  const sendVideo = useCallback(() => {
    const track = screenRef.current ?? localRef.current?.getVideoTracks()[0] ?? null;
    void peerRef.current?.setTrack('video', track);
  }, []);

  const toggleMute = useCallback(() => {
    const microphone = localRef.current?.getAudioTracks()[0];
    if (!microphone) return;
    const muted = microphone.enabled;
    microphone.enabled = !muted;
    // Muted sends nothing at all (not silence), without a renegotiation.
    void peerRef.current?.setTrack('audio', muted ? null : microphone, true);
    setMedia((m) => ({ ...m, muted }));
  }, []);

  const toggleCamera = useCallback(() => {
    const local = localRef.current;
    if (!local) return;
    const camera = local.getVideoTracks()[0];
    if (camera) {
      camera.stop();
      local.removeTrack(camera);
      setMedia((m) => ({ ...m, cameraOn: false, local: new MediaStream(local.getTracks()) }));
      sendVideo();
      return;
    }
    void getCamera().then((result) => {
      if (!result.ok) {
        setNotice(result.notice);
        return;
      }
      if (localRef.current !== local) {
        result.track.stop();
        return;
      }
      local.addTrack(result.track);
      setNotice(null);
      setMedia((m) => ({ ...m, cameraOn: true, local: new MediaStream(local.getTracks()) }));
      sendVideo();
    });
  }, [sendVideo]);

  const toggleScreen = useCallback(() => {
    if (screenRef.current) {
      screenRef.current.stop();
      screenRef.current = null;
      setMedia((m) => ({ ...m, sharing: false }));
      sendVideo();
      return;
    }
    void getScreen().then((track) => {
      if (!track) return;
      if (!isActive(stateRef.current)) {
        track.stop();
        return;
      }
      screenRef.current = track;
      // The browser's own "Stop sharing" ends the track.
      track.addEventListener('ended', () => {
        if (screenRef.current !== track) return;
        screenRef.current = null;
        setMedia((m) => ({ ...m, sharing: false }));
        sendVideo();
      });
      setMedia((m) => ({ ...m, sharing: true }));
      sendVideo();
    });
  }, [sendVideo]);

  const value = useMemo<CallContextValue>(
    () => ({
      state,
      otherUserId,
      media,
      quality,
      notice,
      start,
      accept,
      decline,
      hangUp,
      dismiss,
      toggleMute,
      toggleCamera,
      toggleScreen,
    }),
    [
      state,
      otherUserId,
      media,
      quality,
      notice,
      start,
      accept,
      decline,
      hangUp,
      dismiss,
      toggleMute,
      toggleCamera,
      toggleScreen,
    ],
  );

  return <CallContext.Provider value={value}>{children}</CallContext.Provider>;
}
