/**
 * The one call state machine (API.md "Video calls"): idle → ringing (outgoing | incoming) → connecting →
 * connected → ended. Pure: `transition(state, event)` returns the next state and the socket messages to
 * send; the call provider performs them and owns the media and the peer connection.
 *
 * Glare (both people press Call at once): each side sees the other's invite for the same match while its
 * own rings. The invite with the smaller call id wins on both sides: the side whose own call lost accepts
 * the other call (it becomes the callee, the polite peer) and ends its own; the winner keeps ringing. If
 * the server already refused the winner's call as `busy` (it kept the other one), the winner accepts the
 * invite it held back; and when that refusal arrives before the other invite, the invite is answered
 * if it comes within GLARE_WINDOW_MS.
 */

export type CallDirection = 'outgoing' | 'incoming';

/** Why a call ended, as shown to the person. The server's `call:ended` reasons pass through as they are. */
export type EndReason =
  | 'hangup' // I hung up
  | 'remote-hangup' // they hung up
  | 'cancelled' // I stopped my call before they answered
  | 'declined' // the callee declined (either side sees it)
  | 'missed' // nobody answered in time
  | 'busy' // the match already has a call
  | 'answered-elsewhere' // another tab of mine answered
  | 'failed' // the connection could not be made or was lost
  | 'media' // no camera or microphone could be used
  | (string & {});

export interface CallInfo {
  callId: string;
  matchId: string;
  video: boolean;
  direction: CallDirection;
}

export type CallState =
  | { phase: 'idle' }
  | (CallInfo & { phase: 'ringing'; since: number; heldInvite?: HeldInvite })
  | (CallInfo & { phase: 'connecting'; since: number })
  | (CallInfo & { phase: 'connected'; connectedAt: number })
  | (CallInfo & { phase: 'ended'; reason: EndReason; durationSeconds: number | null; endedAt: number });

/** An invite for the same match that lost glare for now (kept in case the server refuses ours as busy). */
export interface HeldInvite {
  callId: string;
  video: boolean;
}

export type CallEvent =
  /** I press Call. */
  | { type: 'start'; callId: string; matchId: string; video: boolean; now: number }
  /** The server relays someone's `call:invite`. */
  | { type: 'remote-invite'; callId: string; matchId: string; video: boolean; now: number }
  /** I accept the ringing incoming call. */
  | { type: 'accept'; now: number }
  /** I decline the ringing incoming call. */
  | { type: 'decline'; now: number }
  /** I hang up (or cancel my ringing call). */
  | { type: 'hangup'; now: number }
  /** `call:accept` from the server: the callee accepted (or another tab of mine did). */
  | { type: 'remote-accept'; callId: string; now: number }
  | { type: 'remote-decline'; callId: string; now: number }
  | { type: 'remote-end'; callId: string; now: number }
  | { type: 'server-ended'; callId: string; reason: string; now: number }
  /** The media or the peer connection reached "connected". */
  | { type: 'connected'; now: number }
  /** Ringing or connecting took too long, on this side's own clock. */
  | { type: 'timeout'; now: number }
  /** Media could not be used or the connection failed for good. */
  | { type: 'failed'; reason: 'failed' | 'media'; now: number }
  /** The ended call's notice is put away. */
  | { type: 'dismiss' };

export type CallCommand =
  | { emit: 'call:invite'; data: { matchId: string; callId: string; video: boolean } }
  | { emit: 'call:accept' | 'call:decline' | 'call:end'; data: { callId: string } };

export interface Transition {
  state: CallState;
  commands: CallCommand[];
}

export const idle: CallState = { phase: 'idle' };

/** How long after my call was refused as busy an invite from the same conversation counts as glare. */
export const GLARE_WINDOW_MS = 5_000;

/** The callee is the polite peer of perfect negotiation: it rolls back its own offer when offers collide. */
export const isPolite = (state: CallState): boolean => state.phase !== 'idle' && state.direction === 'incoming';

/** Whether a call is under way (anything but idle or ended). */
export const isActive = (
  state: CallState,
): state is Extract<CallState, { phase: 'ringing' | 'connecting' | 'connected' }> =>
  state.phase !== 'idle' && state.phase !== 'ended';

const info = ({ callId, matchId, video, direction }: CallInfo): CallInfo => ({ callId, matchId, video, direction });

const stay = (state: CallState): Transition => ({ state, commands: [] });

function end(state: CallState, reason: EndReason, now: number, commands: CallCommand[] = []): Transition {
  if (state.phase === 'idle' || state.phase === 'ended') return stay(state);
  const durationSeconds =
    state.phase === 'connected' ? Math.max(0, Math.round((now - state.connectedAt) / 1000)) : null;
  return { state: { ...info(state), phase: 'ended', reason, durationSeconds, endedAt: now }, commands };
}

/** The events that name a call only concern the current one. */
/** Answering their invite (glare): connecting to their call, with video if either of us asked for it. */
const answering = (callId: string, matchId: string, video: boolean, now: number): CallState => ({
  phase: 'connecting',
  direction: 'incoming',
  callId,
  matchId,
  video,
  since: now,
});

const isCurrent = (state: CallState, callId: string): boolean => state.phase !== 'idle' && state.callId === callId;

export function transition(state: CallState, event: CallEvent): Transition {
  switch (event.type) {
    case 'start': {
      if (isActive(state)) return stay(state);
      const { callId, matchId, video, now } = event;
      return {
        state: { phase: 'ringing', direction: 'outgoing', callId, matchId, video, since: now },
        commands: [{ emit: 'call:invite', data: { matchId, callId, video } }],
      };
    }

    case 'remote-invite': {
      const { callId, matchId, video, now } = event;
      if (
        state.phase === 'ended' &&
        state.reason === 'busy' &&
        state.direction === 'outgoing' &&
        state.matchId === matchId &&
        now - state.endedAt <= GLARE_WINDOW_MS
      ) {
        // Glare where the server's refusal of mine overtook their invite: answer theirs.
        return {
          state: answering(callId, matchId, video || state.video, now),
          commands: [{ emit: 'call:accept', data: { callId } }],
        };
      }
      if (!isActive(state)) {
        return { state: { phase: 'ringing', direction: 'incoming', callId, matchId, video, since: now }, commands: [] };
      }
      if (isCurrent(state, callId)) return stay(state); // the same invite again (another socket of mine)
      const glare = state.phase === 'ringing' && state.direction === 'outgoing' && state.matchId === matchId;
      if (!glare) {
        // Already in another call: the caller hears that this one was declined.
        return { state, commands: [{ emit: 'call:decline', data: { callId } }] };
      }
      if (callId < state.callId) {
        // Their call wins: answer it and drop mine.
        return {
          state: answering(callId, matchId, video || state.video, now),
          commands: [
            { emit: 'call:end', data: { callId: state.callId } },
            { emit: 'call:accept', data: { callId } },
          ],
        };
      }
      // Mine wins: they will answer it; keep theirs in case the server refuses mine.
      return stay({ ...state, heldInvite: { callId, video } });
    }

    case 'accept':
      if (state.phase !== 'ringing' || state.direction !== 'incoming') return stay(state);
      return {
        state: { ...info(state), phase: 'connecting', since: event.now },
        commands: [{ emit: 'call:accept', data: { callId: state.callId } }],
      };

    case 'decline':
      if (state.phase !== 'ringing' || state.direction !== 'incoming') return stay(state);
      return end(state, 'declined', event.now, [{ emit: 'call:decline', data: { callId: state.callId } }]);

    case 'hangup':
      if (!isActive(state)) return stay(state);
      if (state.phase === 'ringing' && state.direction === 'incoming')
        return transition(state, { type: 'decline', now: event.now });
      return end(state, state.phase === 'ringing' ? 'cancelled' : 'hangup', event.now, [
        { emit: 'call:end', data: { callId: state.callId } },
      ]);

    case 'remote-accept':
      if (state.phase !== 'ringing' || !isCurrent(state, event.callId)) return stay(state);
      // An incoming call accepted elsewhere was answered by another tab of mine.
      if (state.direction === 'incoming') return end(state, 'answered-elsewhere', event.now);
      return { state: { ...info(state), phase: 'connecting', since: event.now }, commands: [] };

    case 'remote-decline':
      if (state.phase !== 'ringing' || !isCurrent(state, event.callId)) return stay(state);
      return end(state, 'declined', event.now);

    case 'remote-end':
      if (!isActive(state) || !isCurrent(state, event.callId)) return stay(state);
      return end(state, state.phase === 'ringing' ? 'missed' : 'remote-hangup', event.now);

    case 'server-ended': {
      if (!isActive(state) || !isCurrent(state, event.callId)) return stay(state);
      if (event.reason === 'busy' && state.phase === 'ringing' && state.heldInvite) {
        // Glare where the server kept their call: answer it.
        const held = state.heldInvite;
        return {
          state: {
            phase: 'connecting',
            direction: 'incoming',
            callId: held.callId,
            matchId: state.matchId,
            video: held.video || state.video,
            since: event.now,
          },
          commands: [{ emit: 'call:accept', data: { callId: held.callId } }],
        };
      }
      return end(state, event.reason, event.now);
    }

    case 'connected':
      if (state.phase !== 'connecting') return stay(state);
      return { state: { ...info(state), phase: 'connected', connectedAt: event.now }, commands: [] };

    case 'timeout':
      if (state.phase === 'ringing') {
        // The server ends an unanswered call as missed; this clock only backs it up.
        const commands: CallCommand[] =
          state.direction === 'outgoing' ? [{ emit: 'call:end', data: { callId: state.callId } }] : [];
        return end(state, 'missed', event.now, commands);
      }
      if (state.phase === 'connecting') {
        return end(state, 'failed', event.now, [{ emit: 'call:end', data: { callId: state.callId } }]);
      }
      return stay(state);

    case 'failed': {
      if (!isActive(state)) return stay(state);
      const refuse = state.phase === 'ringing' && state.direction === 'incoming';
      return end(state, event.reason, event.now, [
        { emit: refuse ? 'call:decline' : 'call:end', data: { callId: state.callId } },
      ]);
    }

    case 'dismiss':
      return state.phase === 'ended' ? stay(idle) : stay(state);
  }
}
