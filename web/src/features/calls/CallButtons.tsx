import { Button, Tooltip } from 'antd';
import { Icon } from '../../shared/ui/Icon';
import { isActive } from './call-machine';
import { callsTexts } from './calls.texts';
import { useCall } from './CallProvider';

const t = callsTexts.start;

/** Audio and video call buttons for one conversation (the thread's header). */
export function CallButtons({ matchId, name }: { matchId: string; name: string }) {
  const { state, start } = useCall();
  const busy = isActive(state);
  return (
    <div className="pj-call-buttons">
      <Tooltip title={busy ? t.busy : t.audio}>
        <Button
          icon={<Icon name="phone" size={18} />}
          aria-label={t.audioLabel(name)}
          disabled={busy}
          onClick={() => start(matchId, false)}
        />
      </Tooltip>
      <Tooltip title={busy ? t.busy : t.video}>
        <Button
          icon={<Icon name="video" size={18} />}
          aria-label={t.videoLabel(name)}
          disabled={busy}
          onClick={() => start(matchId, true)}
        />
      </Tooltip>
    </div>
  );
}
