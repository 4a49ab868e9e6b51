import type { Plan, User, UserSnapshot } from '@projectory/contracts';
import type { Role } from '@projectory/platform';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('text') email!: string;
  @Column('text', { name: 'password_hash', nullable: true, select: false }) passwordHash!: string | null;
  @Column('text', { name: 'first_name' }) firstName!: string;
  @Column('text', { name: 'last_name' }) lastName!: string;
  @Column('text') role!: Role;
  @Column('text') plan!: Plan;
  @Column('text', { nullable: true }) headline!: string | null;
  @Column('text', { nullable: true }) bio!: string | null;
  @Column('text', { nullable: true }) location!: string | null;
  @Column('text', { nullable: true }) company!: string | null;
  @Column('text', { name: 'profile_image_url', nullable: true }) profileImageUrl!: string | null;
  @Column('text', { name: 'oidc_issuer', nullable: true }) oidcIssuer!: string | null;
  @Column('text', { name: 'oidc_subject', nullable: true }) oidcSubject!: string | null;
  @Column('boolean', { name: 'tutorial_completed' }) tutorialCompleted!: boolean;
  @Column('timestamptz', { name: 'tutorial_completed_at', nullable: true }) tutorialCompletedAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** The public `User` of API.md. */
export function toUser(entity: UserEntity): User {
  return {
    id: entity.id,
    email: entity.email,
    firstName: entity.firstName,
    lastName: entity.lastName,
    role: entity.role,
    plan: entity.plan,
    headline: entity.headline,
    bio: entity.bio,
    location: entity.location,
    company: entity.company,
    profileImageUrl: entity.profileImageUrl,
    createdAt: entity.createdAt.toISOString(),
  };
}

/** What other services learn through UserRegistered/UserUpdated. */
export function toSnapshot(entity: UserEntity): UserSnapshot {
  const { id, bio: _bio, email, ...rest } = toUser(entity);
  return { userId: id, email, ...rest };
}
