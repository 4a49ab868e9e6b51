import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { parseCookies, SERVICE_CONFIG, type ServiceConfig, serializeCookie } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityConfig } from '../identity.config.js';
import { SessionService } from './session.service.js';
import { SignedCookie } from './signed-cookie.js';

export const DEVICE_COOKIE = 'pj_device';

const deviceSchema = z.object({
  /** The account this browser signed in to. */
  userId: z.uuid(),
  /** This browser's own id: its failed sign-ins are counted under it. */
  deviceId: z.string().min(16).max(64),
  exp: z.number(),
});
type Device = z.infer<typeof deviceSchema>;

/**
 * Device cookies (ADR 0011): a browser that signed in to an account successfully gets a signed,
 * HttpOnly, long-lived cookie naming that account and a random id of its own. Its sign-ins to that
 * account are then throttled under the device's id, not under the account, so an attacker who locks
 * the account out with wrong passwords does not lock out the owner's known browsers.
 */
@Injectable()
export class DeviceCookieService {
  private readonly cookie: SignedCookie<Device>;

  constructor(
    private readonly sessions: SessionService,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig & ServiceConfig,
  ) {
    this.cookie = new SignedCookie(config.INTERNAL_SECRET, 'device', deviceSchema);
  }

  /** The id of this browser when its device cookie is genuine, unexpired and bound to `userId`; else null. */
  recognise(request: FastifyRequest, userId: string): string | null {
    const device = this.cookie.verify(parseCookies(request.headers.cookie)[DEVICE_COOKIE]);
    return device?.userId === userId ? device.deviceId : null;
  }

  /** After a successful sign-in: a fresh device cookie bound to the account (replacing any other). */
  remember(request: FastifyRequest, reply: FastifyReply, userId: string): void {
    const maxAgeSeconds = this.config.DEVICE_COOKIE_DAYS * 24 * 60 * 60;
    const value = this.cookie.sign({
      userId,
      deviceId: randomBytes(16).toString('base64url'),
      exp: Date.now() + maxAgeSeconds * 1000,
    });
    void reply.header(
      'set-cookie',
      serializeCookie(DEVICE_COOKIE, value, { secure: this.sessions.isSecure(request), maxAgeSeconds }),
    );
  }
}
