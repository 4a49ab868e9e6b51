import { Controller, Get } from '@nestjs/common';
import type { DashboardContribution } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller } from '@projectory/platform';
import { MessageService } from '../services/message.service.js';

/** Routes for the gateway only: it never forwards a public path under /internal. */
@Controller('internal')
export class InternalController {
  constructor(private readonly messages: MessageService) {}

  /** Messaging's part of the dashboard: the caller's unread messages across conversations. */
  @Get('dashboard')
  async dashboard(@Caller() caller: AuthenticatedIdentity): Promise<DashboardContribution> {
    return { figures: { unreadMessages: await this.messages.unreadCount(caller.userId) } };
  }
}
