import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '@projectory/platform';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { type RankEntry, TOP_K } from '../domain/top-k.js';
import { ProfileRepository, studentProfileOf } from '../repositories/profile.repository.js';
import { type ProjectProfile, ProjectIndex, type StudentProfile, StudentIndex } from './scorer.js';

/** How many projects' talent-search scores rankStudentsFor keeps (a few employers searching at once). */
const RANKED_KEPT = 16;

/** A score together with the version of the other side's data it was computed from. */
export interface VersionedScore {
  overall: number;
  version: number;
}

interface Known<P> {
  profile: P;
  version: number;
}

/**
 * The packed score indexes (ARCHITECTURE §4) of the process running rematch jobs, kept fresh from the
 * read-model tables. A sync reloads the rows written by transactions that had not finished at the
 * previous sync (`changed_xid` at or above that sync's snapshot xmin), so every committed change is seen
 * exactly once more, whichever instance wrote it. Loaded lazily: HTTP-only processes never hold one.
 */
@Injectable()
export class ScoreIndexService {
  private readonly projectIndex = new ProjectIndex();
  private readonly studentIndex = new StudentIndex();
  private readonly projects = new Map<string, Known<ProjectProfile>>();
  private readonly students = new Map<string, Known<StudentProfile>>();
  private watermark = '0';
  /** Grows with every sync that changed a row: what rankStudentsFor's kept scores were computed at. */
  private generation = 0;
  private readonly ranked = new Map<string, { generation: number; studentIds: string[]; overall: Uint8Array }>();
  private running?: Promise<void>;
  private queued?: Promise<void>;

  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly profiles: ProfileRepository,
  ) {}

  /**
   * Resolves after a sync that started after this call, so the indexes hold everything committed before
   * it. Concurrent callers share syncs; `manager` is the caller's transaction (no extra connection).
   */
  sync(manager: EntityManager): Promise<void> {
    if (!this.running) {
      this.running = this.load(manager).finally(() => (this.running = undefined));
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.sync(manager);
      });
    return this.queued;
  }

  studentVersion(id: string): number | undefined {
    return this.students.get(id)?.version;
  }

  projectVersion(id: string): number | undefined {
    return this.projects.get(id)?.version;
  }

  /** Every indexed project's score for the student, best first; null when the user is not a ranked student. */
  scoreProjectsFor(studentId: string): Map<string, VersionedScore> | null {
    const student = this.students.get(studentId);
    if (!student) return null;
    const ranked = this.projectIndex.topProjectsFor(student.profile, this.projectIndex.size);
    return new Map(
      ranked.map(({ projectId, score }) => [
        projectId,
        { overall: score.overall, version: this.projects.get(projectId)!.version },
      ]),
    );
  }

  /** Every indexed student's score for the project; null when the project is not active. */
  scoreStudentsFor(projectId: string): Map<string, VersionedScore> | null {
    const project = this.projects.get(projectId);
    if (!project) return null;
    const { studentIds, overall } = this.studentIndex.scoreStudents(project.profile);
    return new Map(studentIds.map((id, i) => [id, { overall: overall[i]!, version: this.students.get(id)!.version }]));
  }

  /** The student's top K projects and the student version they reflect; null when not a ranked student. */
  topProjectsOf(studentId: string): { entries: RankEntry[]; version: number } | null {
    const student = this.students.get(studentId);
    if (!student) return null;
    const entries = this.projectIndex
      .topProjectsFor(student.profile, TOP_K)
      .map(({ projectId, score }) => ({ id: projectId, overall: score.overall }));
    return { entries, version: student.version };
  }

  /**
   * Every indexed student's overall score for an active project, as parallel arrays (the talent search
   * orders by them); null when the project is not active. The last few projects' scores are kept until
   * a sync changes the index (an employer refining a search or paging scans once, B20).
   */
  rankStudentsFor(projectId: string): { studentIds: string[]; overall: Uint8Array } | null {
    const project = this.projects.get(projectId);
    if (!project) return null;
    const kept = this.ranked.get(projectId);
    if (kept?.generation === this.generation) return kept;
    const ranked = { generation: this.generation, ...this.studentIndex.scoreStudents(project.profile) };
    if (this.ranked.size >= RANKED_KEPT) this.ranked.delete(this.ranked.keys().next().value!);
    this.ranked.set(projectId, ranked);
    return ranked;
  }

  /** The project's top K students and the project version they reflect; null when not active. */
  topStudentsOf(projectId: string): { entries: RankEntry[]; version: number } | null {
    const project = this.projects.get(projectId);
    if (!project) return null;
    const entries = this.studentIndex
      .topStudentsFor(project.profile, TOP_K)
      .map(({ studentId, score }) => ({ id: studentId, overall: score.overall }));
    return { entries, version: project.version };
  }

  private async load(manager: EntityManager): Promise<void> {
    const started = Date.now();
    // Taken before the reads: whatever committed before it is visible to them.
    const xmin = await this.profiles.snapshotXmin(manager);
    const people = await this.profiles.indexedPeopleSince(manager, this.watermark);
    const projects = await this.profiles.indexedProjectsSince(manager, this.watermark);
    for (const row of people) {
      if (row.role === 'student') {
        const profile = studentProfileOf(row.id, row);
        this.studentIndex.upsert(profile);
        this.students.set(row.id, { profile, version: Number(row.version) });
      } else if (this.students.delete(row.id)) {
        this.studentIndex.remove(row.id);
      }
    }
    for (const row of projects) {
      if (row.active) {
        const profile: ProjectProfile = {
          id: row.id,
          employerId: row.employer_id,
          culturalValues: row.cultural_values,
          requiredSkills: row.required_skills,
          employerVector: row.employer_vector,
        };
        this.projectIndex.upsert(profile);
        this.projects.set(row.id, { profile, version: Number(row.version) });
      } else if (this.projects.delete(row.id)) {
        this.projectIndex.remove(row.id);
      }
    }
    const first = this.watermark === '0';
    this.watermark = xmin;
    if (people.length + projects.length > 0) this.generation += 1;
    if (first || people.length + projects.length > 1000) {
      this.logger.info(
        { people: people.length, projects: projects.length, ms: Date.now() - started },
        'score indexes synced',
      );
    }
  }
}
