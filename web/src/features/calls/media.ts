import { callsTexts } from './calls.texts';

const t = callsTexts.media;

type Problem = 'denied' | 'absent' | 'unavailable';

function problemOf(error: unknown): Problem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'TypeError') return 'absent';
  return 'unavailable';
}

const micText: Record<Problem, string> = { denied: t.micDenied, absent: t.micAbsent, unavailable: t.micUnavailable };
const cameraText: Record<Problem, string> = {
  denied: t.cameraDenied,
  absent: t.cameraAbsent,
  unavailable: t.cameraUnavailable,
};

export type LocalMedia = { ok: true; stream: MediaStream; notice: string | null } | { ok: false; notice: string };

/**
 * The microphone, and the camera for a video call. A call needs the microphone; without the camera a
 * video call goes on as audio only, with a notice saying why.
 */
export async function getLocalMedia(video: boolean): Promise<LocalMedia> {
  if (!navigator.mediaDevices?.getUserMedia) return { ok: false, notice: t.micAbsent };
  let audio: MediaStream;
  try {
    audio = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    return { ok: false, notice: micText[problemOf(error)] };
  }
  if (!video) return { ok: true, stream: audio, notice: null };
  const camera = await getCamera();
  if (!camera.ok) return { ok: true, stream: audio, notice: camera.notice };
  audio.addTrack(camera.track);
  return { ok: true, stream: audio, notice: null };
}

export async function getCamera(): Promise<{ ok: true; track: MediaStreamTrack } | { ok: false; notice: string }> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({
      video: { width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    return { ok: true, track: stream.getVideoTracks()[0]! };
  } catch (error) {
    return { ok: false, notice: cameraText[problemOf(error)] };
  }
}

export async function getScreen(): Promise<MediaStreamTrack | null> {
  try {
    const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    return stream.getVideoTracks()[0] ?? null;
  } catch {
    return null;
  }
}
