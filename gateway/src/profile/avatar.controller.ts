import { Body, Controller, Inject, Put, Req, UseInterceptors } from '@nestjs/common';
import {
  type AvatarChange,
  type ErrorIssue,
  ProfileInternalPaths as paths,
  setAvatarSchema,
  type User,
} from '@projectory/contracts';
import {
  LOGGER,
  ServiceUnavailableException,
  UnauthenticatedException,
  ValidationException,
  zodPipe,
} from '@projectory/platform';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { SignedInCallerInterceptor } from '../security/own-routes.js';
import type { z } from 'zod';
import { InternalCalls } from '../upstream/internal-calls.js';

const NOT_USABLE = 'Upload not found or not finished';

/**
 * `PUT /api/users/me/avatar` `{ uploadId }` (API.md "Identity"): portfolio hands the caller's finished
 * avatar upload over (its type was checked from the bytes: PNG, JPEG or WebP, at most 5 MB; once
 * only), identity points the picture at it, and the upload of the picture it replaces is discarded.
 * It spans two services, so the gateway calls both, as it composes the dashboard.
 */
@UseInterceptors(SignedInCallerInterceptor)
@Controller('api/users/me')
export class AvatarController {
  constructor(
    private readonly calls: InternalCalls,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Put('avatar')
  async setAvatar(
    @Req() request: FastifyRequest,
    @Body(zodPipe(setAvatarSchema)) body: z.infer<typeof setAvatarSchema>,
  ): Promise<User> {
    const caller = request.caller;
    if (!caller) throw new UnauthenticatedException();
    const taken = await this.calls.call<{ issues?: ErrorIssue[] }>(
      'portfolio',
      caller,
      'POST',
      paths.takeUpload(body.uploadId),
      { ownerId: caller.userId, purpose: 'avatar' },
    );
    if (taken.status === 400 || taken.status === 404) {
      const message = taken.body?.issues?.find((issue) => issue.path === 'uploadId')?.message ?? NOT_USABLE;
      throw new ValidationException([{ path: 'uploadId', message }]);
    }
    if (taken.status !== 200 && taken.status !== 201)
      throw new ServiceUnavailableException('The portfolio service could not take the upload');

    const changed = await this.calls.call<AvatarChange>('identity', caller, 'PUT', paths.avatar, body);
    if (changed.status !== 200) throw new ServiceUnavailableException('The identity service could not set the picture');
    const previous = changed.body.previousUploadId;
    if (previous) await this.discard(caller, previous);
    return changed.body.user;
  }

  /** Best effort: a replaced picture left behind costs disk space, not correctness. */
  private async discard(caller: NonNullable<FastifyRequest['caller']>, uploadId: string): Promise<void> {
    try {
      const answer = await this.calls.call('portfolio', caller, 'DELETE', paths.discardAvatar(uploadId));
      if (answer.status !== 204) this.logger.warn({ uploadId, status: answer.status }, 'replaced avatar not discarded');
    } catch (error) {
      this.logger.warn({ uploadId, err: error }, 'replaced avatar not discarded');
    }
  }
}
