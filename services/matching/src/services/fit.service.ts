import { Injectable } from '@nestjs/common';
import { type Collection, type ProjectFits, type RecommendedProject } from '@projectory/contracts';
import { type AuthenticatedIdentity, cursorParts, decodeCursor, toPage } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ProfileRepository } from '../repositories/profile.repository.js';
import { type ExplainedScore, explainPair, scorePair } from './scorer.js';

/** `/recommendations` order, best first: overall desc, then project id asc (the scorer's tie-break). */
const recommendationPosition = z.tuple([cursorParts.rank, cursorParts.id]);

const fitOf = (score: ExplainedScore) => ({
  matchScore: score.overall,
  skillsMatch: score.skills,
  cultureMatch: score.culture,
  reasons: score.reasons,
});

/**
 * A student's fit with projects before applying (API.md "Matching"): computed at request time by the
 * same `explainPair` that scores applications, so a project's card, its page, the recommendations and
 * the application made from them show the same numbers.
 */
@Injectable()
export class FitService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly profiles: ProfileRepository,
  ) {}

  /** The fit with each known project among `projectIds`, in their order; unknown ids are left out. */
  async fit(caller: AuthenticatedIdentity, projectIds: string[]): Promise<ProjectFits> {
    const student = await this.profiles.studentProfile(this.dataSource, caller.userId);
    const projects = await this.profiles.projects(this.dataSource, projectIds);
    return {
      items: projectIds.flatMap((projectId) => {
        const project = projects.get(projectId);
        return project ? [{ projectId, ...fitOf(explainPair(student, project.profile)) }] : [];
      }),
    };
  }

  /**
   * Active projects ranked by fit, best first, one keyset page at a time: every project is scored (the
   * numbers only), the page's are explained and shown as `Project`. Positions are (score, id), so a page
   * continues where the last ended even when scores moved meanwhile (a project may then show twice or
   * not at all, as in any live ranking).
   */
  async recommendations(
    caller: AuthenticatedIdentity,
    query: { limit: number; cursor?: string },
  ): Promise<Collection<RecommendedProject>> {
    const after = decodeCursor(query.cursor, recommendationPosition);
    const student = await this.profiles.studentProfile(this.dataSource, caller.userId);
    const ranked = (await this.profiles.activeProjectProfiles(this.dataSource))
      .map((profile) => ({ profile, overall: scorePair(student, profile).overall }))
      .filter(({ profile, overall }) => !after || overall < after[0] || (overall === after[0] && profile.id > after[1]))
      .sort((a, b) => b.overall - a.overall || (a.profile.id < b.profile.id ? -1 : 1))
      .slice(0, query.limit + 1);
    const cards = await this.profiles.projectCards(
      this.dataSource,
      ranked.map(({ profile }) => profile.id),
    );
    const rows = ranked.filter(({ profile }) => cards.has(profile.id));
    return toPage(
      rows,
      query.limit,
      ({ profile }) => ({ ...cards.get(profile.id)!, ...fitOf(explainPair(student, profile)) }),
      ({ profile, overall }) => [overall, profile.id],
    );
  }
}
