import { Button, Modal } from 'antd';
import { useEffect } from 'react';
import { Icon } from '../../shared/ui/Icon';
import { callsTexts } from './calls.texts';
import { useCall } from './CallProvider';
import { useCallCounterpart } from './use-call-counterpart';

const t = callsTexts.incoming;

/** The incoming call, on whichever page is open: accept or decline (Escape declines). */
export function IncomingCallDialog() {
  const { state, accept, decline } = useCall();
  const ringing = state.phase === 'ringing' && state.direction === 'incoming';
  const { name, project } = useCallCounterpart(ringing ? state.matchId : null);
  useRingtone(ringing);
  if (!ringing) return null;
  const who = name ?? t.someone;
  return (
    <Modal
      open
      title={t.title(state.video)}
      onCancel={decline}
      maskClosable={false}
      closable={false}
      className="pj-call-incoming"
      footer={[
        <Button key="decline" danger onClick={decline} icon={<Icon name="close" size={18} />}>
          {t.decline}
        </Button>,
        <Button
          key="accept"
          type="primary"
          onClick={accept}
          icon={<Icon name={state.video ? 'video' : 'phone'} size={18} />}
          autoFocus
        >
          {t.accept}
        </Button>,
      ]}
    >
      <p className="pj-call-incoming__who">{t.from(who)}</p>
      {project && <p className="pj-call-incoming__project">{t.about(project)}</p>}
    </Modal>
  );
}

/** A soft two-tone ring while a call comes in (silent when the browser does not allow sound yet). */
function useRingtone(on: boolean): void {
  useEffect(() => {
    if (!on || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const ring = () => {
      if (context.state !== 'running') return;
      for (const [offset, frequency] of [
        [0, 440],
        [0.45, 480],
      ] as const) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.frequency.value = frequency;
        gain.gain.setValueAtTime(0.06, context.currentTime + offset);
        gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + offset + 0.4);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(context.currentTime + offset);
        oscillator.stop(context.currentTime + offset + 0.4);
      }
    };
    ring();
    const timer = setInterval(ring, 2_500);
    return () => {
      clearInterval(timer);
      void context.close();
    };
  }, [on]);
}
