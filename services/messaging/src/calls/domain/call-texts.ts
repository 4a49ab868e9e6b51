import type { CallOutcome } from '@projectory/contracts';

const kind = (video: boolean) => (video ? 'video call' : 'audio call');

/** `m:ss` or `h:mm:ss`. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The text a call's message carries (what a conversation list shows as its last message). */
export function callMessageContent(call: { video: boolean; outcome: CallOutcome; durationSeconds: number }): string {
  const name = kind(call.video);
  switch (call.outcome) {
    case 'completed':
      return `${name[0]!.toUpperCase()}${name.slice(1)} · ${formatDuration(call.durationSeconds)}`;
    case 'missed':
      return `Missed ${name}`;
    case 'declined':
      return `Declined ${name}`;
  }
}

/** The callee's notification of a missed call. */
export const missedCallTitle = (video: boolean, callerFirstName: string) =>
  `Missed ${kind(video)} from ${callerFirstName || 'your match'}`;
