import { Injectable } from '@nestjs/common';
import {
  type ExchangeType,
  type MilestoneTemplate,
  type PersonRef,
  type ProficiencyLevel,
  type Project,
  scamFlags,
  type VerificationLevel,
} from '@projectory/contracts';
import { queryRows, type Role, type Runner } from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import type { EmployerProfile, ProjectProfile, StudentProfile } from '../scoring/scoring.types.js';

export interface StoredSkill {
  name: string;
  level: ProficiencyLevel;
  verified: boolean;
}

export interface PersonRow {
  id: string;
  first_name: string;
  last_name: string;
  role: Role | null;
  plan: 'free' | 'professional' | 'enterprise';
  /** An employer's company, as identity last announced it. */
  company: string | null;
}

/** A project as matching shows it, with what the scorer needs. */
export interface ProjectView {
  id: string;
  employerId: string;
  title: string;
  description: string;
  exchangeType: ExchangeType;
  duration: string | null;
  requiredSkills: string[];
  culturalValues: string[];
  active: boolean;
  employer: PersonRef;
  profile: ProjectProfile;
}

export const personRef = (id: string, row?: { first_name: string; last_name: string } | null): PersonRef => ({
  id,
  firstName: row?.first_name ?? '',
  lastName: row?.last_name ?? '',
});

export function studentProfileOf(
  id: string,
  row: { core_values: string[] | null; vector: number[] | null; skills: StoredSkill[] | null } | undefined,
): StudentProfile {
  return {
    id,
    values: row?.core_values ?? [],
    vector: row?.vector ?? null,
    skills: row?.skills ?? [],
  };
}

/** A person's scoring inputs, as the score indexes load them. */
export interface IndexedPersonRow {
  id: string;
  role: string | null;
  version: string;
  core_values: string[] | null;
  vector: number[] | null;
  skills: StoredSkill[] | null;
}

/** A project's scoring inputs, as the score indexes load them. */
export interface IndexedProjectRow {
  id: string;
  employer_id: string;
  required_skills: string[];
  cultural_values: string[];
  active: boolean;
  version: string;
  employer_vector: number[] | null;
}

interface ProjectCardRow {
  id: string;
  employer_id: string;
  title: string;
  description: string;
  exchange_type: ExchangeType;
  exchange_description: string | null;
  milestones: MilestoneTemplate[] | null;
  duration: string | null;
  required_skills: string[];
  cultural_values: string[];
  active: boolean;
  project_created_at: Date;
  employer_first_name: string | null;
  employer_last_name: string | null;
  employer_company: string | null;
  employer_verification: VerificationLevel | null;
  median_response_hours: number | null;
  response_rate: number | null;
  applicant_count: number;
}

interface ProjectRow {
  id: string;
  employer_id: string;
  title: string;
  description: string;
  exchange_type: ExchangeType;
  duration: string | null;
  required_skills: string[];
  cultural_values: string[];
  active: boolean;
  employer_vector: number[] | null;
  employer_first_name: string | null;
  employer_last_name: string | null;
}

/** Reads of the read models for requests: who people are and what the scorer needs about them. */
@Injectable()
export class ProfileRepository {
  async people(runner: Runner, ids: string[]): Promise<Map<string, PersonRow>> {
    if (ids.length === 0) return new Map();
    const rows = await queryRows<PersonRow>(
      runner,
      'SELECT id, first_name, last_name, role, plan, company FROM people WHERE id = ANY($1::uuid[])',
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  async studentProfiles(runner: Runner, ids: string[]): Promise<Map<string, StudentProfile>> {
    if (ids.length === 0) return new Map();
    const rows = await queryRows<{
      id: string;
      core_values: string[] | null;
      vector: number[] | null;
      skills: StoredSkill[] | null;
    }>(
      runner,
      `SELECT p.id, c.core_values, c.vector, s.skills
       FROM unnest($1::uuid[]) AS p (id)
       LEFT JOIN culture_profiles c ON c.user_id = p.id
       LEFT JOIN student_skills s ON s.user_id = p.id`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, studentProfileOf(row.id, row)]));
  }

  async studentProfile(runner: Runner, id: string): Promise<StudentProfile> {
    return (await this.studentProfiles(runner, [id])).get(id)!;
  }

  /** Employers as the other side of user matches: their assessment and what their active projects ask for. */
  async employerProfiles(runner: Runner, ids: string[]): Promise<Map<string, EmployerProfile>> {
    if (ids.length === 0) return new Map();
    const rows = await queryRows<{
      id: string;
      core_values: string[] | null;
      vector: number[] | null;
      required_skills: string[];
    }>(
      runner,
      `SELECT e.id, c.core_values, c.vector,
         coalesce((SELECT array_agg(DISTINCT skill) FROM projects pr, unnest(pr.required_skills) AS skill
                   WHERE pr.employer_id = e.id AND pr.is_active AND pr.archived_at IS NULL), '{}') AS required_skills
       FROM unnest($1::uuid[]) AS e (id)
       LEFT JOIN culture_profiles c ON c.user_id = e.id`,
      [ids],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        { id: row.id, values: row.core_values ?? [], vector: row.vector, requiredSkills: row.required_skills },
      ]),
    );
  }

  /** Projects known with a snapshot (a project seen only as archived has nothing to show). */
  async projects(runner: Runner, ids: string[]): Promise<Map<string, ProjectView>> {
    if (ids.length === 0) return new Map();
    const rows = await queryRows<ProjectRow>(
      runner,
      `SELECT pr.id, pr.employer_id, pr.title, pr.description, pr.exchange_type, pr.exchange_description,
         pr.milestones, pr.duration, pr.required_skills, pr.cultural_values, (pr.is_active AND pr.archived_at IS NULL) AS active, c.vector AS employer_vector,
         e.first_name AS employer_first_name, e.last_name AS employer_last_name
       FROM projects pr
       LEFT JOIN culture_profiles c ON c.user_id = pr.employer_id
       LEFT JOIN people e ON e.id = pr.employer_id
       WHERE pr.id = ANY($1::uuid[]) AND pr.snapshot_at IS NOT NULL`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, toProjectView(row)]));
  }

  /** Every active project's scoring inputs (what `/recommendations` ranks). */
  async activeProjectProfiles(runner: Runner): Promise<ProjectProfile[]> {
    const rows = await queryRows<IndexedProjectRow>(
      runner,
      `SELECT pr.id, pr.employer_id, pr.required_skills, pr.cultural_values, c.vector AS employer_vector
       FROM projects pr LEFT JOIN culture_profiles c ON c.user_id = pr.employer_id
       WHERE pr.is_active AND pr.archived_at IS NULL AND pr.snapshot_at IS NOT NULL`,
    );
    return rows.map((row) => ({
      id: row.id,
      employerId: row.employer_id,
      culturalValues: row.cultural_values,
      requiredSkills: row.required_skills,
      employerVector: row.employer_vector,
    }));
  }

  /**
   * Projects as API.md's `Project`, from matching's read model: the employer's names and company from
   * identity's events, the response figures as matching last announced them, `applicantCount` from
   * matching's own applications (withdrawn and closed ones aside, as `countsAsApplicant`); the exchange
   * description and milestone template as the latest snapshot carried them.
   */
  async projectCards(runner: Runner, ids: string[]): Promise<Map<string, Project>> {
    if (ids.length === 0) return new Map();
    const rows = await queryRows<ProjectCardRow>(
      runner,
      `SELECT pr.id, pr.employer_id, pr.title, pr.description, pr.exchange_type, pr.exchange_description,
         pr.milestones, pr.duration, pr.required_skills, pr.cultural_values, (pr.is_active AND pr.archived_at IS NULL) AS active,
         coalesce(pr.project_created_at, pr.created_at) AS project_created_at,
         e.first_name AS employer_first_name, e.last_name AS employer_last_name, e.company AS employer_company,
         e.verification AS employer_verification, r.median_response_hours, r.response_rate,
         (SELECT count(*)::int FROM matches m
          WHERE m.project_id = pr.id AND m.status NOT IN ('withdrawn', 'closed')) AS applicant_count
       FROM projects pr LEFT JOIN people e ON e.id = pr.employer_id
       LEFT JOIN employer_responsiveness r ON r.employer_id = pr.employer_id
       WHERE pr.id = ANY($1::uuid[]) AND pr.snapshot_at IS NOT NULL`,
      [ids],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          title: row.title,
          description: row.description,
          exchangeType: row.exchange_type,
          exchangeDescription: row.exchange_description,
          duration: row.duration,
          requiredSkills: row.required_skills,
          culturalValues: row.cultural_values,
          milestones: row.milestones ?? [],
          isActive: row.active,
          createdAt: row.project_created_at.toISOString(),
          employer: {
            id: row.employer_id,
            firstName: row.employer_first_name ?? '',
            lastName: row.employer_last_name ?? '',
            company: row.employer_company,
            medianResponseHours: row.median_response_hours,
            responseRate: row.response_rate,
            verification: row.employer_verification ?? 'none',
          },
          applicantCount: row.applicant_count,
          flags: scamFlags(row.title, row.description, row.exchange_description),
        },
      ]),
    );
  }

  /** The xmin of the current snapshot, as text: every transaction below it had finished when it was taken. */
  async snapshotXmin(manager: EntityManager): Promise<string> {
    const [{ xmin }] = (await queryRows<{ xmin: string }>(
      manager,
      'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin',
    )) as [{ xmin: string }];
    return xmin;
  }

  /** People (with their culture profile and skills) written by transactions at or above `xmin`. */
  indexedPeopleSince(manager: EntityManager, xmin: string): Promise<IndexedPersonRow[]> {
    return queryRows<IndexedPersonRow>(
      manager,
      `SELECT p.id, p.role, p.version::text AS version, c.core_values, c.vector, s.skills
       FROM people p
       LEFT JOIN culture_profiles c ON c.user_id = p.id
       LEFT JOIN student_skills s ON s.user_id = p.id
       WHERE p.changed_xid >= $1::xid8`,
      [xmin],
    );
  }

  /** Projects (with their employer's vector) written by transactions at or above `xmin`. */
  indexedProjectsSince(manager: EntityManager, xmin: string): Promise<IndexedProjectRow[]> {
    return queryRows<IndexedProjectRow>(
      manager,
      `SELECT pr.id, pr.employer_id, pr.required_skills, pr.cultural_values, pr.version::text AS version,
         (pr.is_active AND pr.archived_at IS NULL AND pr.snapshot_at IS NOT NULL) AS active,
         c.vector AS employer_vector
       FROM projects pr
       LEFT JOIN culture_profiles c ON c.user_id = pr.employer_id
       WHERE pr.changed_xid >= $1::xid8`,
      [xmin],
    );
  }

  /** A project's id and title, as notifications name it; undefined when unknown. */
  async projectRef(runner: Runner, id: string): Promise<{ id: string; title: string } | undefined> {
    const [project] = await queryRows<{ id: string; title: string }>(
      runner,
      'SELECT id, title FROM projects WHERE id = $1',
      [id],
    );
    return project;
  }
}

function toProjectView(row: ProjectRow): ProjectView {
  return {
    id: row.id,
    employerId: row.employer_id,
    title: row.title,
    description: row.description,
    exchangeType: row.exchange_type,
    duration: row.duration,
    requiredSkills: row.required_skills,
    culturalValues: row.cultural_values,
    active: row.active,
    employer: {
      id: row.employer_id,
      firstName: row.employer_first_name ?? '',
      lastName: row.employer_last_name ?? '',
    },
    profile: {
      id: row.id,
      employerId: row.employer_id,
      culturalValues: row.cultural_values,
      requiredSkills: row.required_skills,
      employerVector: row.employer_vector,
    },
  };
}
