import type { Skill } from '@projectory/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type SkillSource = 'catalog' | 'user';

/** A skill of the catalog, or one a user named that the catalog lacks (source 'user', category 'Other'). */
@Entity('skills')
export class SkillEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text') name!: string;
  @Column('text') category!: string;
  /** Other names people use for it ("JS", "Postgres"). */
  @Column('text', { array: true }) aliases!: string[];
  /** normalizeSkillName(name); unique. */
  @Column('text', { name: 'name_key' }) nameKey!: string;
  @Column('text', { name: 'match_keys', array: true }) matchKeys!: string[];
  @Column('text', { name: 'search_text' }) searchText!: string;
  @Column('text') source!: SkillSource;
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

export function toSkill(row: Pick<SkillEntity, 'id' | 'name' | 'category'>): Skill {
  return { id: row.id, name: row.name, category: row.category };
}
