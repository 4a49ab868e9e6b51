import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { DeadLetter, DeadLetterReplay } from '@projectory/contracts';
import { Caller, Roles } from '../auth/decorators.js';
import type { AuthenticatedIdentity } from '../auth/internal-identity.js';
import { DeadLettersService } from './dead-letters.service.js';

/**
 * Every service's dead letters, for the gateway's admin fan-out (`/api/admin/dead-letters`); the
 * gateway never forwards a public path under /internal, and admins only are served here too.
 */
@Controller('internal/dead-letters')
@Roles('admin')
export class DeadLettersController {
  constructor(private readonly deadLetters: DeadLettersService) {}

  @Get()
  list(): Promise<DeadLetter[]> {
    return this.deadLetters.list();
  }

  @Post(':id/replay')
  @HttpCode(200)
  replay(@Param('id') id: string, @Caller() caller: AuthenticatedIdentity): Promise<DeadLetterReplay> {
    return this.deadLetters.replay(id, caller.userId);
  }
}
