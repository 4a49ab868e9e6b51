import { Injectable } from '@nestjs/common';
import {
  type Collection,
  CommonErrorCode,
  type PageQuery,
  NotFoundCode,
  TALENT_SEARCHES_PER_MINUTE,
  type TalentCard,
  type TalentQuery,
} from '@projectory/contracts';
import {
  AppException,
  type AuthenticatedIdentity,
  cursorParts,
  decodeCursor,
  MemoryRateLimiter,
  newestFirstPosition,
  notFound,
  toPage,
} from '@projectory/platform';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ProfileRepository } from '../../repositories/profile.repository.js';
import { skillKey } from '../../scoring/index.js';
import { explainPair } from '../../services/scorer.js';
import { ScoreIndexService } from '../../services/score-index.service.js';
import {
  type TalentFilters,
  TalentRepository,
  type TalentRow,
  toTalentCard,
} from '../repositories/talent.repository.js';

/** Fit order: overall desc, then id asc; most-verified order: verified count desc, then id asc. */
const fitPosition = z.tuple([cursorParts.rank, cursorParts.id]);
const verifiedPosition = z.tuple([z.number().int().min(0).max(500), cursorParts.id]);

/** The first batch of the fit walk's candidates checked against the filters; each next one is 4 times larger. */
const FIRST_BATCH = 200;

/**
 * Finding talent (API.md "Finding talent", ADR 0022): discoverable students for employers and admins.
 * Without a project, most verified skills first, straight from the `talent` table's index. With one of
 * the employer's active projects, best fit first: the packed StudentIndex scores every student for the
 * project in one scan (the same scores the rankings use), the students are walked in that order in
 * growing batches, each batch checked against the filters in one query, until the page is full; the
 * page's fit is then explained from the read models, exactly as `/api/matches/fit` explains it.
 */
@Injectable()
export class TalentService {
  private readonly limiter = new MemoryRateLimiter();

  constructor(
    private readonly dataSource: DataSource,
    private readonly talent: TalentRepository,
    private readonly profiles: ProfileRepository,
    private readonly scores: ScoreIndexService,
  ) {}

  async search(caller: AuthenticatedIdentity, query: TalentQuery): Promise<Collection<TalentCard>> {
    const decision = this.limiter.hit(caller.userId, TALENT_SEARCHES_PER_MINUTE, 60_000);
    if (!decision.allowed) {
      throw new AppException(429, CommonErrorCode.RateLimited, 'Too many searches. Please wait a minute.', undefined, {
        'retry-after': String(decision.retryAfterSeconds),
      });
    }
    const filters: TalentFilters = {
      q: query.q,
      skillKeys: [...new Set((query.skills ?? []).map(skillKey).filter(Boolean))],
      verifiedOnly: query.verifiedOnly ?? false,
      graduationYear: query.graduationYear,
    };
    if (!query.projectId) {
      const after = decodeCursor(query.cursor, verifiedPosition);
      const rows = await this.talent.search(this.dataSource, caller.userId, filters, query.limit, after);
      return toPage(
        rows,
        query.limit,
        (row) => toTalentCard(row, null),
        (row) => [row.verified_count, row.student_id],
      );
    }
    return this.byFit(caller, query.projectId, filters, query);
  }

  async shortlist(caller: AuthenticatedIdentity, query: PageQuery): Promise<Collection<TalentCard>> {
    const after = decodeCursor(query.cursor, newestFirstPosition);
    const rows = await this.talent.shortlist(this.dataSource, caller.userId, query.limit, after);
    return toPage(
      rows,
      query.limit,
      (row) => toTalentCard(row, null),
      (row) => [row.position, row.student_id],
    );
  }

  /** Shortlists a discoverable student (anyone else: 404, as for an unknown id). */
  async addToShortlist(caller: AuthenticatedIdentity, studentId: string): Promise<void> {
    if (!(await this.talent.findable(this.dataSource, caller.userId, studentId))) throw notFound(NotFoundCode.User);
    await this.talent.shortlistAdd(this.dataSource, caller.userId, studentId);
  }

  async removeFromShortlist(caller: AuthenticatedIdentity, studentId: string): Promise<void> {
    await this.talent.shortlistRemove(this.dataSource, caller.userId, studentId);
  }

  private async byFit(
    caller: AuthenticatedIdentity,
    projectId: string,
    filters: TalentFilters,
    query: TalentQuery,
  ): Promise<Collection<TalentCard>> {
    const project = (await this.profiles.projects(this.dataSource, [projectId])).get(projectId);
    const own = project && (caller.role === 'admin' || project.employerId === caller.userId);
    if (!project || !own || !project.active) throw notFound(NotFoundCode.Project);
    await this.dataSource.transaction((manager) => this.scores.sync(manager));
    const ranked = this.scores.rankStudentsFor(projectId);
    const order = ranked ? fitOrder(ranked, decodeCursor(query.cursor, fitPosition)) : [][Symbol.iterator]();
    const picked: { id: string; overall: number }[] = [];
    for (let size = FIRST_BATCH; picked.length <= query.limit; size *= 4) {
      const batch = take(order, size);
      if (batch.length === 0) break;
      const eligible = await this.talent.eligible(
        this.dataSource,
        caller.userId,
        filters,
        batch.map((entry) => entry.id),
      );
      picked.push(...batch.filter((entry) => eligible.has(entry.id)).slice(0, query.limit + 1 - picked.length));
    }
    const ids = picked.map((entry) => entry.id);
    const [rows, students] = await Promise.all([
      this.talent.cards(this.dataSource, caller.userId, ids),
      this.profiles.studentProfiles(this.dataSource, ids),
    ]);
    const byId = new Map(rows.map((row) => [row.student_id, row]));
    const found = picked.filter((entry) => byId.has(entry.id) && students.has(entry.id));
    return toPage(
      found,
      query.limit,
      (entry) => {
        const score = explainPair(students.get(entry.id)!, project.profile);
        const fit = {
          matchScore: score.overall,
          skillsMatch: score.skills,
          cultureMatch: score.culture,
          reasons: score.reasons,
        };
        return toTalentCard(byId.get(entry.id) as TalentRow, fit);
      },
      (entry) => [entry.overall, entry.id],
    );
  }
}

/**
 * The indexed students after `after` in fit order (overall desc, id asc). One pass puts them in buckets
 * by score (0–100), read at once (the index's arrays serve the next request's scan); a bucket is sorted
 * by id only when the walk reaches it.
 */
function* fitOrder(
  ranked: { studentIds: string[]; overall: Uint8Array },
  after?: [number, string],
): Generator<{ id: string; overall: number }> {
  const buckets: string[][] = Array.from({ length: 101 }, () => []);
  ranked.studentIds.forEach((id, i) => {
    const overall = ranked.overall[i]!;
    if (!after || overall < after[0] || (overall === after[0] && id > after[1])) buckets[overall]!.push(id);
  });
  for (let overall = 100; overall >= 0; overall -= 1) {
    for (const id of buckets[overall]!.sort()) yield { id, overall };
  }
}

/** The next `count` entries of an iterator (fewer at its end). */
function take<T>(iterator: Iterator<T>, count: number): T[] {
  const taken: T[] = [];
  while (taken.length < count) {
    const next = iterator.next();
    if (next.done) break;
    taken.push(next.value);
  }
  return taken;
}
