import { Alert, App, Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { UPLOAD_LIMIT_BYTES_BY_PURPOSE } from '@projectory/contracts/values';
import { failureMessage, toApiFailure } from '../../api/api-error';
import type { User } from '../../shared/session';
import { useTusUpload } from '../../shared/lib/use-tus-upload';
import { UserAvatar } from '../../shared/ui/UserAvatar';
import { useSetAvatarMutation, useUpdateProfileMutation } from './settings.api';
import { settingsTexts } from './settings.texts';

const t = settingsTexts.avatar;

/** What portfolio accepts for an avatar (it checks the bytes again); checked here first to answer at once. */
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export interface AvatarFieldProps {
  user: User;
}

/**
 * The profile photo: a PNG, JPEG or WebP image goes up through tus (purpose `avatar`, with progress),
 * then PUT /api/users/me/avatar makes it the photo. The preview shows the whole picture, uncropped.
 */
export function AvatarField({ user }: AvatarFieldProps) {
  const { state, start, cancel: cancelUpload, reset } = useTusUpload('avatar');
  const [setAvatar, { isLoading: saving }] = useSetAvatarMutation();
  const [updateProfile, { isLoading: removing }] = useUpdateProfileMutation();
  const [preview, setPreview] = useState<string>();
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const taken = useRef<string>(undefined);
  const { message } = App.useApp();

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  useEffect(() => {
    if (state.phase === 'failed') setError(state.message);
    if (state.phase !== 'complete' || taken.current === state.uploadId) return;
    // An upload is taken once: remember it, so a second render does not ask again.
    taken.current = state.uploadId;
    setAvatar({ uploadId: state.uploadId })
      .unwrap()
      .then(
        () => {
          reset();
          setPreview(undefined);
          void message.success(t.saved);
        },
        (failure: unknown) => setError(failureMessage(toApiFailure(failure))),
      );
  }, [state, setAvatar, reset, message]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    if (!AVATAR_TYPES.includes(file.type)) return setError(t.wrongType);
    if (file.size > UPLOAD_LIMIT_BYTES_BY_PURPOSE.avatar) return setError(t.tooLarge);
    setPreview(URL.createObjectURL(file));
    start(file);
  };

  const remove = async () => {
    setError(undefined);
    try {
      await updateProfile({ profileImageUrl: null }).unwrap();
      void message.success(t.removed);
    } catch (failure) {
      setError(failureMessage(toApiFailure(failure)));
    }
  };

  const cancel = () => {
    cancelUpload();
    setPreview(undefined);
  };

  const busy = state.phase === 'uploading' || state.phase === 'paused' || saving;
  const percent = saving ? 100 : 'sent' in state && state.total > 0 ? Math.floor((100 * state.sent) / state.total) : 0;
  const shown = preview ?? user.profileImageUrl;

  return (
    <section aria-labelledby="settings-avatar-heading" className="pj-settings__avatar">
      <h3 id="settings-avatar-heading" className="pj-settings__subheading">
        {t.heading}
      </h3>
      <div className="pj-settings__avatar-row">
        <div className="pj-settings__avatar-frame">
          {shown ? (
            <img src={shown} alt={preview ? t.preview : t.current} className="pj-settings__avatar-image" />
          ) : (
            <UserAvatar user={user} size={96} />
          )}
        </div>
        <div className="pj-settings__avatar-controls">
          <p className="pj-settings__hint">{shown ? t.hint : `${t.none} ${t.hint}`}</p>
          <input
            ref={input}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            aria-label={t.fileInput}
            hidden
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <div className="pj-settings__avatar-actions">
            <Button onClick={() => input.current?.click()} disabled={busy || removing}>
              {user.profileImageUrl ? t.change : t.choose}
            </Button>
            {busy && !saving && <Button onClick={cancel}>{t.cancel}</Button>}
            {user.profileImageUrl && !busy && (
              <Button danger onClick={() => void remove()} loading={removing}>
                {t.remove}
              </Button>
            )}
          </div>
          {busy && (
            <>
              <Progress percent={percent} status="active" aria-label={t.progressLabel} aria-valuetext={`${percent}%`} />
              <p role="status" className="pj-settings__hint">
                {saving ? t.saving : t.uploading(percent)}
              </p>
            </>
          )}
          {error && <Alert type="error" showIcon role="alert" title={error} />}
        </div>
      </div>
    </section>
  );
}
