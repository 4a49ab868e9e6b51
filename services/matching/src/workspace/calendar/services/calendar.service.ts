import { Inject, Injectable } from '@nestjs/common';
import { WorkspaceErrorCode, workspacePath } from '@projectory/contracts';
import { type AuthenticatedIdentity, SERVICE_CONFIG } from '@projectory/platform';
import { DataSource } from 'typeorm';
import type { MatchingConfig } from '../../../matching.config.js';
import { ProfileRepository } from '../../../repositories/profile.repository.js';
import { WorkspaceException } from '../../exceptions/workspace.exception.js';
import { WorkspaceAccess } from '../../services/workspace-access.service.js';
import { calendarFileName, workspaceCalendar } from '../domain/ics.js';
import { CalendarRepository } from '../repositories/calendar.repository.js';

export interface CalendarFile {
  fileName: string;
  body: string;
}

/**
 * A workspace's calendar feed (API.md `GET /api/workspaces/:matchId/calendar.ics`): to its two
 * participants only, while the match is accepted and after (read-only workspaces keep their feed).
 */
@Injectable()
export class CalendarService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: WorkspaceAccess,
    private readonly calendar: CalendarRepository,
    private readonly profiles: ProfileRepository,
    @Inject(SERVICE_CONFIG) private readonly config: MatchingConfig,
  ) {}

  async feed(caller: AuthenticatedIdentity, matchId: string, now = new Date()): Promise<CalendarFile> {
    const match = await this.access.readable(this.dataSource, matchId, caller);
    // Admins may read a workspace, but the feed is the participants' calendar.
    if (match.side === null) throw new WorkspaceException(WorkspaceErrorCode.WorkspaceNotFound);
    const [project, milestones, sessions] = await Promise.all([
      this.profiles.projectRef(this.dataSource, match.projectId),
      this.calendar.milestones(this.dataSource, match.matchId),
      this.calendar.sessions(this.dataSource, match.matchId),
    ]);
    const projectTitle = project?.title ?? '';
    return {
      fileName: calendarFileName(projectTitle),
      body: workspaceCalendar({
        projectTitle,
        workspaceUrl: new URL(workspacePath(match.matchId), this.config.PUBLIC_ORIGIN).toString(),
        milestones,
        sessions,
        generatedAt: now,
      }),
    };
  }
}
