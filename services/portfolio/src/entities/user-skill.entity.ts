import type { ProficiencyLevel } from '@projectory/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { SkillEntity } from './skill.entity.js';

/** A skill on a user's profile, at a level; `verified` is set by portfolio verification. */
@Entity('user_skills')
export class UserSkillEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @Column('uuid', { name: 'skill_id' }) skillId!: string;
  @ManyToOne(() => SkillEntity)
  @JoinColumn({ name: 'skill_id' })
  skill!: SkillEntity;
  @Column('text', { name: 'proficiency_level' }) proficiencyLevel!: ProficiencyLevel;
  @Column('boolean') verified!: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
