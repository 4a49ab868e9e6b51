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
 * the employer's active projects, best fit first, from the packed StudentIndex (the scores the rankings
 * use, kept per project until the index changes), walked in fit order in growing batches against the
 * filters. The page's fit is then explained from the read models, exactly as `/api/matches/fit` does.
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
    const after = decodeCursor(query.cursor, fitPosition);
    const picked = await this.walkInFitOrder(caller, projectId, filters, after, query.limit);
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

  /**
   * Every student's score for the project (one scan of the packed index, or the scores of the last
   * search while the index has not changed), walked in fit order in growing batches, each checked
   * against the filters in one query by primary key, until the page is full.
   */
  private async walkInFitOrder(
    caller: AuthenticatedIdentity,
    projectId: string,
    filters: TalentFilters,
    after: [number, string] | undefined,
    limit: number,
  ): Promise<Ranked[]> {
    const ranked = this.scores.rankStudentsFor(projectId);
    if (!ranked) return [];
    const order = fitOrder(ranked, after);
    const picked: Ranked[] = [];
    for (let size = FIRST_BATCH; picked.length <= limit; size *= 4) {
      const batch = take(order, size);
      if (batch.length === 0) break;
      const eligible = await this.talent.eligible(
        this.dataSource,
        caller.userId,
        filters,
        batch.map((entry) => entry.id),
      );
      picked.push(...batch.filter((entry) => eligible.has(entry.id)).slice(0, limit + 1 - picked.length));
    }
    return picked;
  }
}

interface Ranked {
  id: string;
  overall: number;
}

const isAfter = (entry: Ranked, [overall, id]: [number, string]) =>
  entry.overall < overall || (entry.overall === overall && entry.id > id);

/**
 * The indexed students after `after` in fit order (overall desc, id asc). One counting pass orders
 * their positions by score (0–100) in a typed array; a score's students are sorted by id only when the
 * walk reaches them (B20: sorting all of them, or a string array per score, cost more than the scan).
 */
function* fitOrder(ranked: { studentIds: string[]; overall: Uint8Array }, after?: [number, string]): Generator<Ranked> {
  const { studentIds, overall } = ranked;
  const starts = new Uint32Array(102);
  for (const score of overall) starts[100 - score + 1]! += 1;
  for (let bucket = 1; bucket < 102; bucket += 1) starts[bucket]! += starts[bucket - 1]!;
  const positions = new Uint32Array(overall.length);
  const fill = starts.slice(0, 101);
  overall.forEach((score, position) => (positions[fill[100 - score]!++] = position));
  for (let score = 100; score >= 0; score -= 1) {
    if (after && score > after[0]) continue;
    const bucket = Array.from(positions.subarray(starts[100 - score]!, starts[101 - score]!), (p) => studentIds[p]!);
    for (const id of bucket.sort()) {
      const entry = { id, overall: score };
      if (!after || isAfter(entry, after)) yield entry;
    }
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
