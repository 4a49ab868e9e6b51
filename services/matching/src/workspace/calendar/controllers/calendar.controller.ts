import { Controller, Get, Param, Res } from '@nestjs/common';
import { WorkspaceErrorCode } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, contentDisposition, UuidParamPipe } from '@projectory/platform';
import type { FastifyReply } from 'fastify';
import { WorkspaceException } from '../../exceptions/workspace.exception.js';
import { CalendarService } from '../services/calendar.service.js';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** A workspace's calendar feed (RFC 5545), a download for the two participants. */
@Controller('api/workspaces/:matchId')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @Get('calendar.ics')
  async feed(
    @Caller() caller: AuthenticatedIdentity,
    // A path id that cannot be an id names nothing: the same 404 as a stranger's workspace.
    @Param('matchId', new UuidParamPipe(() => new WorkspaceException(WorkspaceErrorCode.WorkspaceNotFound)))
    matchId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const { fileName, body } = await this.calendar.feed(caller, matchId);
    void reply.headers({
      'content-type': CALENDAR_TYPE,
      'content-disposition': contentDisposition(fileName, CALENDAR_TYPE),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    return body;
  }
}
