import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { mergeRanking, type RankEntry, sameRanking, TOP_K, wouldEnter } from '../domain/top-k.js';
import { RankingRepository } from '../repositories/ranking.repository.js';
import { MatchScoresService } from './match-scores.service.js';
import { ScoreIndexService, type VersionedScore } from './score-index.service.js';

/** Owners locked per transaction while spreading one change over the other side's lists. */
const BATCH = 100;
/** Rounds a job runs when its subject changed again while it ran (the new job was deduplicated). */
const MAX_ROUNDS = 3;

type Recompute = (ownerId: string) => { entries: RankEntry[]; version: number } | null;

/**
 * The rematch jobs (services/matching/README.md). A job first rescores its subject's applications
 * (MatchScoresService), then rewrites its subject's own top K under the
 * subject's row lock, with the indexes synced after taking the lock; then it spreads the subject's new
 * scores into the other side's lists, touching only owners whose top K the change enters or leaves.
 * Every list write holds the owner's row lock and checks that the score it merges was computed from the
 * owner's current version; when not, the owner's own (later) job has or will have the fresher data.
 */
@Injectable()
export class RematchService {
  private readonly studentRanks = RankingRepository.students;
  private readonly projectRanks = RankingRepository.projects;

  constructor(
    private readonly dataSource: DataSource,
    private readonly index: ScoreIndexService,
    private readonly matchScores: MatchScoresService,
  ) {}

  async rematchStudent(studentId: string): Promise<void> {
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      // The student's applications first: they are what the student and the employers look at.
      await this.matchScores.refreshStudent(studentId);
      const ranked = await this.dataSource.transaction(async (manager) => {
        const version = await this.studentRanks.lock(manager, studentId);
        if (version === null) return null;
        await this.index.sync(manager);
        const scores = this.index.scoreProjectsFor(studentId);
        const top = [...(scores ?? [])].slice(0, TOP_K).map(([id, score]) => ({ id, overall: score.overall }));
        await this.replace(manager, this.studentRanks, studentId, top);
        await this.studentRanks.markRanked(manager, studentId, version);
        return { version, scores };
      });
      if (!ranked) return;
      await this.spread(this.projectRanks, studentId, ranked.scores, (projectId) =>
        this.index.topStudentsOf(projectId),
      );
      if (!(await this.changedSince(this.studentRanks, studentId, ranked.version))) return;
    }
  }

  async rematchProject(projectId: string): Promise<void> {
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      await this.matchScores.refreshProject(projectId);
      const ranked = await this.dataSource.transaction(async (manager) => {
        const version = await this.projectRanks.lock(manager, projectId);
        if (version === null) return null;
        await this.index.sync(manager);
        const scores = this.index.scoreStudentsFor(projectId);
        await this.replace(manager, this.projectRanks, projectId, this.index.topStudentsOf(projectId)?.entries ?? []);
        await this.projectRanks.markRanked(manager, projectId, version);
        return { version, scores };
      });
      if (!ranked) return;
      await this.spread(this.studentRanks, projectId, ranked.scores, (studentId) =>
        this.index.topProjectsOf(studentId),
      );
      if (!(await this.changedSince(this.projectRanks, projectId, ranked.version))) return;
    }
  }

  private async changedSince(ranks: RankingRepository, id: string, version: number): Promise<boolean> {
    const current = await ranks.version(this.dataSource, id);
    return current !== null && current > version;
  }

  private async replace(
    manager: EntityManager,
    ranks: RankingRepository,
    ownerId: string,
    entries: RankEntry[],
  ): Promise<void> {
    const current = (await ranks.lists(manager, [ownerId])).get(ownerId)!;
    if (!sameRanking(current, entries)) await ranks.write(manager, ownerId, entries);
  }

  /**
   * Puts `changedId`'s new scores (null: it left the ranking) into the lists of `owners`: the lists that
   * hold it, and those it now enters according to their stored floors.
   */
  private async spread(
    owners: RankingRepository,
    changedId: string,
    scores: Map<string, VersionedScore> | null,
    recompute: Recompute,
  ): Promise<void> {
    const affected = new Set(await owners.holders(this.dataSource, changedId));
    if (scores) {
      const floors = await owners.floors(this.dataSource);
      for (const [ownerId, score] of scores) {
        const floor = floors.get(ownerId);
        if (floor && wouldEnter({ id: changedId, overall: score.overall }, floor.count, floor.floor)) {
          affected.add(ownerId);
        }
      }
    }
    const ids = [...affected].sort();
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH);
      await this.dataSource.transaction(async (manager) => {
        const versions = await owners.lockMany(manager, batch);
        const lists = await owners.lists(manager, batch);
        for (const ownerId of batch) {
          const version = versions.get(ownerId);
          if (version === undefined) continue;
          const score = scores?.get(ownerId);
          // Not indexed (inactive project, former student): its own rematch empties its list.
          if (scores && !score) continue;
          // The owner changed after our scores were computed: its own rematch includes this change.
          if (score && score.version !== version) continue;
          let next = mergeRanking(lists.get(ownerId)!, changedId, score?.overall ?? null);
          if (next === 'unchanged') continue;
          if (next === 'recompute') {
            const fresh = recompute(ownerId);
            if (!fresh || fresh.version !== version) continue;
            next = fresh.entries;
          }
          await owners.write(manager, ownerId, next);
        }
      });
    }
  }
}
