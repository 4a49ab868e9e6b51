import type { AssessmentResult } from '@projectory/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { coreValueLabels, workingStyleOf } from '../scoring/assessment-scorer.js';

/**
 * One submission. A retake supersedes the current row instead of deleting it, so the history stays;
 * at most one row per user has `superseded_at` null (a partial unique index), and that is the result.
 */
@Entity('assessment_results')
export class AssessmentResultEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @Column('text') role!: 'student' | 'employer' | 'admin';
  @Column('text') version!: string;
  @Column('jsonb') responses!: Record<string, string | string[]>;
  /** The culture vector in CULTURE_DIMENSIONS order, as scored when submitted. */
  @Column('double precision', { array: true }) vector!: number[];
  /** q6's codes in the order chosen. */
  @Column('text', { name: 'core_values', array: true }) coreValues!: string[];
  @Column('timestamptz', { name: 'completed_at' }) completedAt!: Date;
  @Column('timestamptz', { name: 'superseded_at', nullable: true }) supersededAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** The `AssessmentResult` of API.md. */
export function toAssessmentResult(entity: AssessmentResultEntity): AssessmentResult {
  return {
    id: entity.id,
    userId: entity.userId,
    version: entity.version,
    responses: entity.responses,
    workingStyle: workingStyleOf(entity.vector),
    valuesAlignment: coreValueLabels(entity.coreValues),
    completedAt: entity.completedAt.toISOString(),
  };
}
