import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import {
  type AdminAuditEntry,
  type DeadLetter,
  DeadLetterErrorCode,
  DeadLetterPaths,
  type DeadLetterReplay,
  type DeadLetterReplayFailure,
  type DeadLetters,
  type ErrorResponse,
  type ServiceName,
  serviceNames,
  NotFoundCode,
} from '@projectory/contracts';
import { AppException, LOGGER, notFound, ServiceUnavailableException } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { InternalCalls } from '../upstream/internal-calls.js';
import { adminCaller } from './admin-caller.js';
import type { SessionUser } from '../session/session-resolver.js';

const TIMEOUT_MS = 3000;

/**
 * The operations view (API.md "Dashboards, plans and admin"): every service keeps its own dead letters
 * (events its consumer gave up on, failed jobs of its queues), so the list is a fan-out like the
 * dashboard's, and a replay goes to the service its id names (`<service>:...`), which retries it into
 * the one consumer or queue that failed; then the admin service audits it. Admins only: checked here
 * before any call and again by each service.
 */
@Controller('api/admin/dead-letters')
export class DeadLettersController {
  constructor(
    private readonly calls: InternalCalls,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get()
  async list(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<DeadLetters> {
    const caller = adminCaller(request);
    const answers = await Promise.all(serviceNames.map((name) => this.deadLettersOf(name, caller)));
    void reply.header('cache-control', 'no-store');
    const items = answers
      .flatMap((answer) => (answer === 'unavailable' ? [] : answer))
      .sort((a, b) => b.failedAt.localeCompare(a.failedAt));
    const unavailable = serviceNames.filter((_, index) => answers[index] === 'unavailable');
    return { items, nextCursor: null, unavailable };
  }

  @Post(':id/replay')
  @HttpCode(202)
  async replay(@Req() request: FastifyRequest, @Param('id') id: string): Promise<DeadLetterReplay> {
    const caller = adminCaller(request);
    const service = serviceNames.find((name) => id.startsWith(`${name}:`));
    if (!service) throw notFound(NotFoundCode.DeadLetter);
    const answer = await this.calls.call<DeadLetterReplay | ErrorResponse>(
      service,
      caller,
      'POST',
      DeadLetterPaths.replay(id),
    );
    if (answer.status !== 200) {
      const error = answer.body as ErrorResponse | undefined;
      if (answer.status === 422 && error?.code === DeadLetterErrorCode.ReplayFailed) {
        await this.auditFailure(caller, {
          id,
          service,
          error: error.message.slice(0, 2000),
          failedAt: new Date().toISOString(),
        });
      }
      if (answer.status >= 400 && answer.status < 500 && error?.code) {
        throw new AppException(answer.status, error.code, error.message, error.issues);
      }
      throw new ServiceUnavailableException(`The ${service} service could not replay it`);
    }
    const replayed = answer.body as DeadLetterReplay;
    const audited = await this.calls
      .call<AdminAuditEntry>('admin', caller, 'POST', DeadLetterPaths.audit, replayed)
      .catch((error: unknown) => ({ status: 503, body: error }));
    if (audited.status !== 201) {
      // Replayed, and marked so by its service; only the audit row is missing: say so loudly.
      this.logger.error({ deadLetter: id, status: audited.status }, 'dead letter replayed but not audited');
      throw new ServiceUnavailableException('The dead letter was replayed; the admin service could not audit it');
    }
    return replayed;
  }

  /**
   * A replay the consumer failed again is audited too (the dead letter stays, with the new error). The
   * admin still gets the 422 if the audit call fails: the replay's outcome is what they act on.
   */
  private async auditFailure(caller: SessionUser, failure: DeadLetterReplayFailure): Promise<void> {
    const audited = await this.calls
      .call<AdminAuditEntry>('admin', caller, 'POST', DeadLetterPaths.auditFailure, failure)
      .catch((error: unknown) => ({ status: 503, body: error }));
    if (audited.status !== 201) {
      this.logger.error(
        { deadLetter: failure.id, status: audited.status },
        'dead letter replay failed and not audited',
      );
    }
  }

  private async deadLettersOf(name: ServiceName, caller: SessionUser): Promise<DeadLetter[] | 'unavailable'> {
    try {
      const answer = await this.calls.call<DeadLetter[]>(name, caller, 'GET', DeadLetterPaths.list, undefined, {
        timeoutMs: TIMEOUT_MS,
      });
      if (answer.status !== 200) {
        this.logger.warn({ service: name, status: answer.status }, 'dead letters unavailable');
        return 'unavailable';
      }
      return answer.body;
    } catch (error) {
      this.logger.warn({ service: name, err: error }, 'dead letters unavailable');
      return 'unavailable';
    }
  }
}
