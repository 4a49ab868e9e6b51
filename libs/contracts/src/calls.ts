import { z } from 'zod';

/**
 * API.md "Video calls": 1:1 WebRTC calls between the two participants of a pending or accepted match,
 * signalled over the gateway's Socket.IO server. The gateway knows who may call whom from messaging
 * (`GET /internal/calls/participants/:matchId`), never from the client.
 */

/** `GET /api/calls/ice-servers`: STUN/TURN from `TURN_URLS`; TURN credentials by coturn's REST scheme. */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export interface IceServersResponse {
  iceServers: IceServer[];
  /** How long the TURN credentials stay valid from now (seconds). */
  ttlSeconds: number;
}

/** What a finished call left in the thread (`Message.call.outcome`). */
export type CallOutcome = 'completed' | 'missed' | 'declined';

/**
 * Why a call ended (`call:ended { callId, reason }`):
 * - `completed`: one side hung up an accepted call (`call:end`);
 * - `declined`: the callee declined;
 * - `missed`: nobody answered within the ring timeout (45 s), or the caller gave up before an answer;
 * - `busy`: the match (or one of the two) already has a call; only the inviting socket hears it;
 * - `answered-elsewhere`: another tab of the same user accepted (sent to the callee's other tabs);
 * - `match-ended`: the match left pending/accepted while the call ran;
 * - `disconnected`: the socket of one side that was in the call went away;
 * - `forbidden`: not a participant of a pending or accepted match (only the inviting socket hears it).
 */
export type CallEndReason =
  'completed' | 'declined' | 'missed' | 'busy' | 'answered-elsewhere' | 'match-ended' | 'disconnected' | 'forbidden';

const callId = z.uuid({ error: 'callId must be a call id (uuid)' }).transform((id) => id.toLowerCase());

/** Client → server payloads (the gateway validates each; a bad one is acked with `VALIDATION_FAILED`). */
export const callInviteSchema = z.object({
  matchId: z.uuid({ error: 'matchId must be a match id' }).transform((id) => id.toLowerCase()),
  callId,
  video: z.boolean({ error: 'video must be true or false' }),
});
export const callIdSchema = z.object({ callId });
export const callSignalSchema = z
  .object({
    callId,
    /** An RTCSessionDescriptionInit (`{ type, sdp }`). */
    description: z
      .object({
        type: z.enum(['offer', 'answer', 'pranswer', 'rollback'], { error: 'description.type is not an SDP type' }),
        sdp: z.string({ error: 'description.sdp must be text' }).max(100_000, 'description.sdp is too long').optional(),
      })
      .optional(),
    /** An RTCIceCandidateInit; `null` is the end of candidates. */
    candidate: z
      .object({
        candidate: z.string({ error: 'candidate.candidate must be text' }).max(5_000, 'candidate is too long'),
        sdpMid: z.string().max(100).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(1_000).nullable().optional(),
        usernameFragment: z.string().max(256).nullable().optional(),
      })
      .nullable()
      .optional(),
  })
  .refine((signal) => signal.description !== undefined || signal.candidate !== undefined, {
    message: 'a signal carries a description or a candidate',
    path: ['description'],
  });

export type CallInvite = z.input<typeof callInviteSchema>;
export type CallSignal = z.input<typeof callSignalSchema>;

/**
 * The answer to every client → server call event (Socket.IO acknowledgement): `ok`, or an error code
 * (`VALIDATION_FAILED` with `issues`, `NOT_FOUND` for a call or match that is not the caller's to touch,
 * `BUSY`, `BLOCKED` when one of the two blocked the other, `UNAVAILABLE` when messaging cannot be asked).
 */
export type CallAck =
  | { ok: true }
  | {
      ok: false;
      error: 'VALIDATION_FAILED' | 'NOT_FOUND' | 'BUSY' | 'BLOCKED' | 'UNAVAILABLE';
      issues?: { path: string; message: string }[];
    };

/** Server → client payloads. `fromUserId`: the participant whose action it relays. */
export interface CallInviteEvent {
  callId: string;
  matchId: string;
  video: boolean;
  fromUserId: string;
}
/** `call:ringing`: to every tab of the caller once the callee's tabs were told (the callee may be offline). */
export interface CallRingingEvent {
  callId: string;
  matchId: string;
  video: boolean;
  toUserId: string;
}
/** `call:accept`, `call:decline`, `call:end` as relayed to the other participant. */
export interface CallActionEvent {
  callId: string;
  matchId: string;
  fromUserId: string;
}
export type CallSignalEvent = CallSignal & { matchId: string; fromUserId: string };
export interface CallEndedEvent {
  callId: string;
  matchId: string;
  reason: CallEndReason;
}

/** The two participants of a match as messaging knows them (`GET /internal/calls/participants/:matchId`). */
export interface CallParticipants {
  matchId: string;
  studentId: string;
  employerId: string;
  status: string;
}

/** messaging's routes for the gateway's call signalling, asked with the caller's signed identity. */
export const CallInternalPaths = {
  /** GET → CallParticipants, to one of the two participants (anyone else 404) */
  participants: (matchId: string) => `/internal/calls/participants/${matchId}`,
  /** POST CallRecord → the call's Message: 201 stored, 200 already stored for this call id */
  records: '/internal/calls/records',
} as const;

/** `POST /internal/calls/records`: the gateway reports a finished call; messaging stores its message once. */
export const callRecordSchema = z
  .object({
    callId,
    matchId: z.uuid().transform((id) => id.toLowerCase()),
    callerId: z.uuid().transform((id) => id.toLowerCase()),
    video: z.boolean(),
    outcome: z.enum(['completed', 'missed', 'declined']),
    durationSeconds: z
      .number()
      .int()
      .min(0)
      .max(86_400 * 7),
  })
  .strict();
export type CallRecord = z.infer<typeof callRecordSchema>;
