import { Injectable } from '@nestjs/common';
import { UserNotifier } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { MatchRepository, type ScoredMatch } from '../repositories/match.repository.js';
import { ProfileRepository } from '../repositories/profile.repository.js';
import { type ExplainedScore, explainPair } from './scorer.js';

const sameScores = (row: ScoredMatch, score: ExplainedScore): boolean =>
  row.match_score === score.overall &&
  row.skills_match === score.skills &&
  row.culture_match === score.culture &&
  JSON.stringify(row.reasons) === JSON.stringify(score.reasons);

/**
 * Keeps the applications' scores and reasons equal to what the scorer says for the pair now (API.md
 * "Matching": one score everywhere). The rematch jobs call it for the student or project that changed.
 */
@Injectable()
export class MatchScoresService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly matches: MatchRepository,
    private readonly profiles: ProfileRepository,
    private readonly notifier: UserNotifier,
  ) {}

  refreshStudent(studentId: string): Promise<number> {
    return this.refresh({ studentId });
  }

  refreshProject(projectId: string): Promise<number> {
    return this.refresh({ projectId });
  }

  /**
   * Rescores the matches of one student or project; returns how many changed. The rows are locked
   * before the read models are read, so of two refreshes of one match the later one reads data at least
   * as new as the earlier: a stale score never overwrites a fresh one. Both participants' open screens
   * hear of a change (`match:updated`) and fetch the match again.
   */
  private async refresh(of: { studentId: string } | { projectId: string }): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await this.matches.lockScored(manager, of);
      if (rows.length === 0) return 0;
      const students = await this.profiles.studentProfiles(manager, [...new Set(rows.map((row) => row.student_id))]);
      const projects = await this.profiles.projects(manager, [...new Set(rows.map((row) => row.project_id))]);
      let changed = 0;
      for (const row of rows) {
        const project = projects.get(row.project_id);
        if (!project) continue;
        const score = explainPair(students.get(row.student_id)!, project.profile);
        if (sameScores(row, score)) continue;
        await this.matches.setScores(manager, row.id, score);
        const update = { matchId: row.id, status: row.status, projectId: row.project_id };
        await this.notifier.push(manager, row.student_id, 'match:updated', update);
        await this.notifier.push(manager, row.employer_id, 'match:updated', update);
        changed += 1;
      }
      return changed;
    });
  }
}
