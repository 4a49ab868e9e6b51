import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import {
  type CallParticipants,
  type CallRecord,
  callRecordSchema,
  type IceServersResponse,
  type Message,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, UuidParamPipe, zodPipe } from '@projectory/platform';
import type { FastifyReply } from 'fastify';
import { conversationNotFound } from '../exceptions/messaging.exception.js';
import { CallsService } from './calls.service.js';

/** API.md "Video calls": the ICE servers a signed-in caller's browser uses (fetched at call start). */
@Controller('api/calls')
export class CallsController {
  constructor(private readonly calls: CallsService) {}

  @Get('ice-servers')
  iceServers(
    @Caller() caller: AuthenticatedIdentity,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): IceServersResponse {
    // Credentials: never stored by a cache.
    void reply.header('cache-control', 'no-store');
    return this.calls.iceServers(caller.userId);
  }
}

/** For the gateway only (it signals the calls): who may call whom, and the message a finished call leaves. */
@Controller('internal/calls')
export class InternalCallsController {
  constructor(private readonly calls: CallsService) {}

  /** The match's two participants and status, to one of them (anyone else 404). */
  @Get('participants/:matchId')
  participants(
    @Caller() caller: AuthenticatedIdentity,
    @Param('matchId', new UuidParamPipe(conversationNotFound)) matchId: string,
  ): Promise<CallParticipants> {
    return this.calls.participants(caller.userId, matchId);
  }

  /** 201 with the call's message, 200 with the stored one for a repeated report; the caller is the call's inviter. */
  @Post('records')
  async record(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(callRecordSchema)) body: CallRecord,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Message> {
    const { message, created } = await this.calls.record(caller.userId, body);
    void reply.status(created ? 201 : 200);
    return message;
  }
}
