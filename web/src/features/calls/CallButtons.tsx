import { Button, Tooltip } from 'antd';
import { Icon } from '../../shared/ui/Icon';
import { isActive } from './call-machine';
import { callsTexts } from './calls.texts';
import { useCall } from './CallProvider';

const t = callsTexts.start;

/** An audio call, then a video call. */
const kinds = [
  { video: false, icon: 'phone', title: t.audio, label: t.audioLabel },
  { video: true, icon: 'video', title: t.video, label: t.videoLabel },
] as const;

/** Audio and video call buttons for one conversation (the thread's header). */
export function CallButtons({ matchId, name }: { matchId: string; name: string }) {
  const { state, start } = useCall();
  const busy = isActive(state);
  return (
    <div className="pj-call-buttons">
      {kinds.map(({ video, icon, title, label }) => (
        <Tooltip key={icon} title={busy ? t.busy : title}>
          <Button
            icon={<Icon name={icon} size={18} />}
            aria-label={label(name)}
            disabled={busy}
            onClick={() => start(matchId, video)}
          />
        </Tooltip>
      ))}
    </div>
  );
}
