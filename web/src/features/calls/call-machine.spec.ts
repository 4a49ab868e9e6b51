import { describe, expect, it } from '@jest/globals';
import {
  GLARE_WINDOW_MS,
  idle,
  isPolite,
  transition,
  type CallEvent,
  type CallState,
  type Transition,
} from './call-machine';

const MATCH = 'match-1';

/** Runs events from `from`, returning the last transition and every command sent on the way. */
function run(from: CallState, ...events: CallEvent[]): Transition {
  let state = from;
  const commands: Transition['commands'] = [];
  for (const event of events) {
    const next = transition(state, event);
    state = next.state;
    commands.push(...next.commands);
  }
  return { state, commands };
}

const start = (callId = 'b-call', now = 0): CallEvent => ({ type: 'start', callId, matchId: MATCH, video: true, now });
const invite = (callId = 'a-call', now = 0, matchId = MATCH): CallEvent => ({
  type: 'remote-invite',
  callId,
  matchId,
  video: true,
  now,
});

describe('call machine', () => {
  it('rings out, connects when accepted, and hangs up with the duration', () => {
    const { state, commands } = run(
      idle,
      start('c1', 1_000),
      { type: 'remote-accept', callId: 'c1', now: 2_000 },
      { type: 'connected', now: 3_000 },
      { type: 'hangup', now: 195_000 },
    );
    expect(state).toMatchObject({ phase: 'ended', reason: 'hangup', durationSeconds: 192, direction: 'outgoing' });
    expect(commands).toEqual([
      { emit: 'call:invite', data: { matchId: MATCH, callId: 'c1', video: true } },
      { emit: 'call:end', data: { callId: 'c1' } },
    ]);
  });

  it('answers an incoming call as the polite peer', () => {
    const ringing = run(idle, invite('c1'));
    expect(ringing.state).toMatchObject({ phase: 'ringing', direction: 'incoming' });
    const accepted = run(ringing.state, { type: 'accept', now: 5 });
    expect(accepted.state.phase).toBe('connecting');
    expect(isPolite(accepted.state)).toBe(true);
    expect(accepted.commands).toEqual([{ emit: 'call:accept', data: { callId: 'c1' } }]);
    expect(isPolite(run(idle, start('c2')).state)).toBe(false);
  });

  describe('decline', () => {
    it('declining an incoming call tells the caller', () => {
      const { state, commands } = run(idle, invite('c1'), { type: 'decline', now: 1 });
      expect(state).toMatchObject({ phase: 'ended', reason: 'declined', durationSeconds: null });
      expect(commands).toEqual([{ emit: 'call:decline', data: { callId: 'c1' } }]);
    });

    it('the caller sees the decline; a decline of another call changes nothing', () => {
      const ringing = run(idle, start('c1')).state;
      expect(run(ringing, { type: 'remote-decline', callId: 'other', now: 1 }).state).toBe(ringing);
      expect(run(ringing, { type: 'remote-decline', callId: 'c1', now: 1 }).state).toMatchObject({
        phase: 'ended',
        reason: 'declined',
      });
    });
  });

  describe('timeout', () => {
    it('an unanswered outgoing call ends as missed and is ended on the server', () => {
      const { state, commands } = run(idle, start('c1'), { type: 'timeout', now: 46_000 });
      expect(state).toMatchObject({ phase: 'ended', reason: 'missed' });
      expect(commands.at(-1)).toEqual({ emit: 'call:end', data: { callId: 'c1' } });
    });

    it('an unanswered incoming call ends as missed without declining it', () => {
      const { state, commands } = run(idle, invite('c1'), { type: 'timeout', now: 46_000 });
      expect(state).toMatchObject({ phase: 'ended', reason: 'missed' });
      expect(commands).toEqual([]);
    });

    it("the server's missed ends the ringing on both sides", () => {
      const ended: CallEvent = { type: 'server-ended', callId: 'c1', reason: 'missed', now: 45_000 };
      expect(run(idle, start('c1'), ended).state).toMatchObject({ phase: 'ended', reason: 'missed' });
      expect(run(idle, invite('c1'), ended).state).toMatchObject({ phase: 'ended', reason: 'missed' });
    });

    it('a connection that never comes up fails', () => {
      const { state, commands } = run(
        idle,
        start('c1'),
        { type: 'remote-accept', callId: 'c1', now: 1 },
        { type: 'timeout', now: 30_000 },
      );
      expect(state).toMatchObject({ phase: 'ended', reason: 'failed', durationSeconds: null });
      expect(commands.at(-1)).toEqual({ emit: 'call:end', data: { callId: 'c1' } });
    });
  });

  describe('busy', () => {
    it('a call refused as busy ends as busy', () => {
      const { state } = run(idle, start('c1'), { type: 'server-ended', callId: 'c1', reason: 'busy', now: 1 });
      expect(state).toMatchObject({ phase: 'ended', reason: 'busy' });
    });

    it('an invite during another call is declined and the call goes on', () => {
      const inCall = run(idle, start('c1'), { type: 'remote-accept', callId: 'c1', now: 1 }).state;
      const { state, commands } = run(inCall, invite('c9', 2, 'match-2'));
      expect(state).toBe(inCall);
      expect(commands).toEqual([{ emit: 'call:decline', data: { callId: 'c9' } }]);
    });
  });

  describe('glare: both invite at once', () => {
    it('the side whose call id is larger answers the other call and ends its own', () => {
      const { state, commands } = run(idle, start('b-call'), invite('a-call', 3));
      expect(state).toMatchObject({ phase: 'connecting', direction: 'incoming', callId: 'a-call' });
      expect(isPolite(state)).toBe(true);
      expect(commands.slice(1)).toEqual([
        { emit: 'call:end', data: { callId: 'b-call' } },
        { emit: 'call:accept', data: { callId: 'a-call' } },
      ]);
    });

    it('the side whose call id is smaller keeps ringing and connects when the other side accepts', () => {
      const { state, commands } = run(idle, start('a-call'), invite('b-call', 3), {
        type: 'remote-accept',
        callId: 'a-call',
        now: 4,
      });
      expect(state).toMatchObject({ phase: 'connecting', direction: 'outgoing', callId: 'a-call' });
      expect(isPolite(state)).toBe(false);
      expect(commands).toHaveLength(1); // only its own invite
    });

    it('when the server kept the other call (ours busy), the held invite is answered', () => {
      const { state, commands } = run(idle, start('a-call'), invite('b-call', 3), {
        type: 'server-ended',
        callId: 'a-call',
        reason: 'busy',
        now: 4,
      });
      expect(state).toMatchObject({ phase: 'connecting', direction: 'incoming', callId: 'b-call' });
      expect(commands.at(-1)).toEqual({ emit: 'call:accept', data: { callId: 'b-call' } });
    });

    it('when the refusal of ours overtakes their invite, their invite is answered at once', () => {
      const refused = run(idle, start('a-call', 0), {
        type: 'server-ended',
        callId: 'a-call',
        reason: 'busy',
        now: 10,
      });
      const { state, commands } = run(refused.state, invite('b-call', 20));
      expect(state).toMatchObject({ phase: 'connecting', direction: 'incoming', callId: 'b-call' });
      expect(commands).toEqual([{ emit: 'call:accept', data: { callId: 'b-call' } }]);
      // Much later it is an ordinary call again, and rings.
      expect(run(refused.state, invite('b-call', 10 + GLARE_WINDOW_MS + 1)).state).toMatchObject({ phase: 'ringing' });
    });

    it('both sides end up in the same call', () => {
      // Side A called with a-call, side B with b-call; each sees the other's invite.
      const a = run(idle, start('a-call'), invite('b-call'));
      const b = run(idle, start('b-call'), invite('a-call'));
      const accepted = b.commands.find((command) => command.emit === 'call:accept');
      const aNext = run(a.state, { type: 'remote-accept', callId: accepted!.data.callId, now: 1 });
      expect(aNext.state).toMatchObject({ phase: 'connecting', callId: 'a-call' });
      expect(b.state).toMatchObject({ phase: 'connecting', callId: 'a-call' });
      expect(isPolite(aNext.state)).not.toBe(isPolite(b.state));
    });
  });

  describe('hang-up', () => {
    it('during connecting ends the call without a duration and tells the other side', () => {
      const { state, commands } = run(idle, invite('c1'), { type: 'accept', now: 1 }, { type: 'hangup', now: 2 });
      expect(state).toMatchObject({ phase: 'ended', reason: 'hangup', durationSeconds: null });
      expect(commands.at(-1)).toEqual({ emit: 'call:end', data: { callId: 'c1' } });
    });

    it('the other side hanging up during connecting ends it too', () => {
      const { state } = run(
        idle,
        start('c1'),
        { type: 'remote-accept', callId: 'c1', now: 1 },
        {
          type: 'remote-end',
          callId: 'c1',
          now: 2,
        },
      );
      expect(state).toMatchObject({ phase: 'ended', reason: 'remote-hangup' });
    });

    it('before an answer cancels the call', () => {
      const { state } = run(idle, start('c1'), { type: 'hangup', now: 2 });
      expect(state).toMatchObject({ phase: 'ended', reason: 'cancelled' });
    });

    it('a late connection after the hang-up does not revive the call', () => {
      const ended = run(idle, start('c1'), { type: 'remote-accept', callId: 'c1', now: 1 }, { type: 'hangup', now: 2 });
      expect(run(ended.state, { type: 'connected', now: 3 }).state).toBe(ended.state);
    });
  });

  it('another tab answering stops this one ringing', () => {
    const { state } = run(idle, invite('c1'), { type: 'remote-accept', callId: 'c1', now: 1 });
    expect(state).toMatchObject({ phase: 'ended', reason: 'answered-elsewhere' });
  });

  it('media that cannot be used ends an answered call; dismiss returns to idle', () => {
    const failed = run(idle, invite('c1'), { type: 'accept', now: 1 }, { type: 'failed', reason: 'media', now: 2 });
    expect(failed.state).toMatchObject({ phase: 'ended', reason: 'media' });
    expect(failed.commands.at(-1)).toEqual({ emit: 'call:end', data: { callId: 'c1' } });
    expect(run(failed.state, { type: 'dismiss' }).state).toBe(idle);
  });
});
