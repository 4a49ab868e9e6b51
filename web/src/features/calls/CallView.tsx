import { Alert, Button, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon, type IconName } from '../../shared/ui/Icon';
import { callsTexts } from './calls.texts';
import { useCall } from './CallProvider';
import { useCallCounterpart } from './use-call-counterpart';

const t = callsTexts.view;

/**
 * The call on screen, over whichever page is open: the other person's video (or their name), my preview,
 * the call's status and timer, the connection quality and the controls. A corner panel on a wide screen,
 * the whole screen on a phone. Also shows why a call could not start (no microphone).
 */
export function CallView() {
  const call = useCall();
  const { state, media, notice } = call;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = state.phase !== 'idle' && !(state.phase === 'ringing' && state.direction === 'incoming');
  const { name } = useCallCounterpart(state.phase === 'idle' ? null : state.matchId);
  const who = name ?? callsTexts.incoming.someone;

  // The panel takes the focus when it opens, so the keyboard reaches its controls at once.
  const key = state.phase === 'idle' ? null : state.callId;
  useEffect(() => {
    if (shown) headingRef.current?.focus();
  }, [shown, key]);

  if (state.phase === 'idle') {
    if (!notice) return null;
    // The call never started: the microphone could not be used.
    return (
      <section className="pj-call pj-call--notice" aria-labelledby="pj-call-heading">
        <h2 id="pj-call-heading" className="pj-call__title" tabIndex={-1} ref={headingRef}>
          {callsTexts.ended.title}
        </h2>
        <Alert type="warning" showIcon title={notice} />
        <div className="pj-call__controls">
          <Button onClick={call.dismiss}>{t.close}</Button>
        </div>
      </section>
    );
  }
  if (!shown) return null;

  const ended = state.phase === 'ended';
  let status: ReactNode;
  if (state.phase === 'ringing') status = t.ringing(who);
  else if (state.phase === 'connecting') status = t.connecting;
  else if (state.phase === 'connected') status = <CallTimer since={state.connectedAt} />;
  else status = callsTexts.ended.reasons[state.reason] ?? callsTexts.ended.other;

  return (
    <section
      className={`pj-call${ended ? ' pj-call--ended' : ''}`}
      aria-labelledby="pj-call-heading"
      data-phase={state.phase}
    >
      <header className="pj-call__head">
        <h2 id="pj-call-heading" className="pj-call__title" tabIndex={-1} ref={headingRef}>
          {ended ? callsTexts.ended.title : t.label(who)}
        </h2>
        {/* The timer ticks outside the live region; only phase changes are read out. */}
        <p className="pj-call__status" role="status">
          {state.phase === 'connected' ? <span className="pj-visually-hidden">{t.connected}</span> : status}
        </p>
        {state.phase === 'connected' && <p className="pj-call__status">{status}</p>}
        {state.phase === 'connected' && call.quality && (
          <p className={`pj-call__quality pj-call__quality--${call.quality}`}>
            <span aria-hidden="true" className="pj-call__quality-dot" />
            {t.quality[call.quality]}
          </p>
        )}
      </header>

      {!ended && (
        <div className="pj-call__stage">
          <Video
            stream={media.remote}
            muted={false}
            label={t.remoteVideo(who)}
            hidden={!media.remoteVideo}
            className="pj-call__remote"
          />
          {!media.remoteVideo && (
            <div className="pj-call__placeholder" aria-hidden="true">
              {who.charAt(0).toUpperCase()}
            </div>
          )}
          {(media.cameraOn || media.sharing) && (
            <Video stream={media.local} muted label={t.localVideo} className="pj-call__local" />
          )}
          {media.sharing && <p className="pj-call__sharing">{t.screenShared}</p>}
        </div>
      )}

      {notice && <Alert type="warning" showIcon title={notice} className="pj-call__notice" />}

      <div className="pj-call__controls">
        {ended ? (
          <Button onClick={call.dismiss}>{t.close}</Button>
        ) : (
          <>
            {state.phase !== 'ringing' && (
              <>
                <Control
                  icon={media.muted ? 'mic-off' : 'mic'}
                  label={media.muted ? t.unmute : t.mute}
                  pressed={media.muted}
                  onClick={call.toggleMute}
                />
                <Control
                  icon={media.cameraOn ? 'video' : 'video-off'}
                  label={media.cameraOn ? t.cameraOff : t.cameraOn}
                  pressed={!media.cameraOn}
                  onClick={call.toggleCamera}
                />
                {typeof navigator.mediaDevices?.getDisplayMedia === 'function' && (
                  <Control
                    icon="screen"
                    label={media.sharing ? t.stopSharing : t.shareScreen}
                    pressed={media.sharing}
                    onClick={call.toggleScreen}
                  />
                )}
              </>
            )}
            <Tooltip title={state.phase === 'ringing' ? t.cancel : t.hangUp}>
              <Button
                danger
                type="primary"
                shape="round"
                className="pj-call__hangup"
                icon={<Icon name="phone" size={18} />}
                onClick={call.hangUp}
              >
                {state.phase === 'ringing' ? t.cancel : t.hangUp}
              </Button>
            </Tooltip>
          </>
        )}
      </div>
    </section>
  );
}

function Control(props: { icon: IconName; label: string; pressed: boolean; onClick: () => void }) {
  return (
    <Tooltip title={props.label}>
      <Button
        shape="circle"
        size="large"
        aria-label={props.label}
        aria-pressed={props.pressed}
        icon={<Icon name={props.icon} size={20} />}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

function Video(props: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
  hidden?: boolean;
  className: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || video.srcObject === props.stream) return;
    video.srcObject = props.stream;
    if (props.stream) void video.play().catch(() => undefined);
  }, [props.stream]);
  return (
    <video
      ref={ref}
      className={`${props.className}${props.hidden ? ' pj-call__video--hidden' : ''}`}
      autoPlay
      playsInline
      muted={props.muted}
      aria-label={props.label}
    />
  );
}

/** mm:ss since the call connected, every second. */
function CallTimer({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  return (
    <>
      <span className="pj-visually-hidden">{t.timer}: </span>
      <time className="pj-call__timer" dateTime={`PT${seconds}S`}>
        {callsTexts.duration(seconds)}
      </time>
    </>
  );
}
