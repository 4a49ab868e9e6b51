import { Injectable } from '@nestjs/common';
import {
  type AdvancedMatches,
  MATCHING_ALGORITHM,
  type ProjectMatch,
  type UserMatch,
  NotFoundCode,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, ForbiddenException, isUuid, notFound, type Role } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { TOP_K } from '../domain/top-k.js';
import { personRef, ProfileRepository } from '../repositories/profile.repository.js';
import { RankingRepository } from '../repositories/ranking.repository.js';
import { type ExplainedScore, explainPair, explainPeople } from './scorer.js';

/** Candidates read per employer before explaining them and keeping the best K. */
const EMPLOYER_CANDIDATES = 2 * TOP_K;

const byScore =
  <T extends { overallScore: number }>(key: (item: T) => string) =>
  (a: T, b: T) =>
    b.overallScore - a.overallScore || key(a).localeCompare(key(b));

const scores = (score: ExplainedScore) => ({
  cultureScore: score.culture,
  skillMatch: score.skills,
  overallScore: score.overall,
  reasons: score.reasons,
});

/**
 * `GET /api/matches/advanced/:userId`: read from the precomputed top-K tables, then explained with the
 * read models as they are now (so scores and reasons always agree). Students get their best projects and
 * the employers behind them; employers get the best candidates of their active projects. Names and role
 * only: other users' e-mails are never shown.
 */
@Injectable()
export class AdvancedMatchesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly profiles: ProfileRepository,
  ) {}

  async get(caller: AuthenticatedIdentity, userId: string): Promise<AdvancedMatches> {
    if (caller.userId !== userId && caller.role !== 'admin') {
      throw new ForbiddenException('You can only see your own matches');
    }
    let role: Role | null = caller.role;
    if (caller.userId !== userId) {
      if (!isUuid(userId)) throw notFound(NotFoundCode.User);
      const person = (await this.profiles.people(this.dataSource, [userId])).get(userId);
      if (!person) throw notFound(NotFoundCode.User);
      role = person.role;
    }
    const { projectMatches, userMatches } =
      role === 'student'
        ? await this.forStudent(userId)
        : role === 'employer'
          ? await this.forEmployer(userId)
          : { projectMatches: [], userMatches: [] };
    return {
      algorithm: MATCHING_ALGORITHM,
      totalProjectMatches: projectMatches.length,
      totalUserMatches: userMatches.length,
      projectMatches,
      userMatches,
    };
  }

  private async forStudent(studentId: string): Promise<Pick<AdvancedMatches, 'projectMatches' | 'userMatches'>> {
    const ranked = await RankingRepository.students.members(this.dataSource, studentId);
    const student = await this.profiles.studentProfile(this.dataSource, studentId);
    const projects = [...(await this.profiles.projects(this.dataSource, ranked)).values()].filter(
      (project) => project.active,
    );
    const projectMatches: ProjectMatch[] = projects
      .map((project) => ({
        project: {
          id: project.id,
          title: project.title,
          description: project.description,
          requiredSkills: project.requiredSkills,
          exchangeType: project.exchangeType,
          employer: project.employer,
        },
        ...scores(explainPair(student, project.profile)),
      }))
      .sort(byScore((match) => match.project.id));
    const employerIds = [...new Set(projects.map((project) => project.employerId))];
    const [employers, people] = [
      await this.profiles.employerProfiles(this.dataSource, employerIds),
      await this.profiles.people(this.dataSource, employerIds),
    ];
    const userMatches: UserMatch[] = employerIds
      .map((id) => ({
        userB: { ...personRef(id, people.get(id)), role: 'employer' as const },
        ...scores(explainPeople(student, employers.get(id)!)),
      }))
      .sort(byScore((match) => match.userB.id));
    return { projectMatches, userMatches };
  }

  private async forEmployer(employerId: string): Promise<Pick<AdvancedMatches, 'projectMatches' | 'userMatches'>> {
    const ids = await RankingRepository.bestStudentsOfEmployer(this.dataSource, employerId, EMPLOYER_CANDIDATES);
    const employer = (await this.profiles.employerProfiles(this.dataSource, [employerId])).get(employerId)!;
    const [students, people] = [
      await this.profiles.studentProfiles(this.dataSource, ids),
      await this.profiles.people(this.dataSource, ids),
    ];
    const userMatches: UserMatch[] = ids
      .filter((id) => people.get(id)?.role === 'student')
      .map((id) => ({
        userB: { ...personRef(id, people.get(id)), role: 'student' as const },
        ...scores(explainPeople(students.get(id)!, employer)),
      }))
      .sort(byScore((match) => match.userB.id))
      .slice(0, TOP_K);
    // An employer's projects are theirs, not matches: their side of the screen is people.
    return { projectMatches: [], userMatches };
  }
}
