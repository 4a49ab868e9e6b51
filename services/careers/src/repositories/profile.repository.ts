import { Injectable } from '@nestjs/common';
import type { SuggestedProject } from '@projectory/contracts';
import { queryRows, type Runner } from '@projectory/platform';
import type { StudentProfile, StudentSkill } from '../domain/student-profile.js';

export interface LoadedProfile {
  profile: StudentProfile;
  /** The newest change of this evidence (skills, assessment, a completed project); null with none. */
  evidenceAt: Date | null;
}

interface ProfileRow {
  skills: StudentSkill[] | null;
  skills_at: Date | null;
  core_values: string[] | null;
  vector: number[] | null;
  completed_at: Date | null;
  projects: { title: string; skills: string[] }[];
  projects_at: Date | null;
}

/** What the engines read about one student, in one round trip, and the projects suggested to them. */
@Injectable()
export class ProfileRepository {
  async load(runner: Runner, userId: string): Promise<LoadedProfile> {
    const [row] = await queryRows<ProfileRow>(
      runner,
      `SELECT s.skills, s.skills_at, c.core_values, c.vector, c.completed_at,
              coalesce(done.projects, '[]'::jsonb) AS projects, done.projects_at
         FROM (SELECT $1::uuid AS id) me
         LEFT JOIN student_skills s ON s.user_id = me.id
         LEFT JOIN culture_profiles c ON c.user_id = me.id
         LEFT JOIN LATERAL (
           SELECT jsonb_agg(jsonb_build_object('title', p.title, 'skills', p.required_skills) ORDER BY a.status_at)
                    AS projects,
                  max(a.status_at) AS projects_at
             FROM applications a JOIN projects p ON p.id = a.project_id
            WHERE a.student_id = me.id AND a.status = 'completed'
         ) done ON true`,
      [userId],
    );
    const profile: StudentProfile = {
      skills: row?.skills ?? [],
      culture: row?.vector ? { vector: row.vector, values: row.core_values ?? [] } : null,
      completedProjects: row?.projects ?? [],
    };
    const times = [row?.skills_at, row?.completed_at, row?.projects_at].filter((at): at is Date => !!at);
    const evidenceAt = times.length > 0 ? new Date(Math.max(...times.map((at) => at.getTime()))) : null;
    return { profile, evidenceAt };
  }

  /**
   * Open projects (active, not archived) needing at least one of the skill keys, newest first; projects
   * the student already applied to are left out.
   */
  suggestedProjects(runner: Runner, userId: string, skillKeys: string[], limit: number): Promise<SuggestedProject[]> {
    if (skillKeys.length === 0) return Promise.resolve([]);
    return queryRows<SuggestedProject>(
      runner,
      `SELECT p.id, p.title, p.required_skills AS skills
         FROM projects p
        WHERE p.is_active AND p.archived_at IS NULL AND p.skill_keys && $2::text[]
          AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.project_id = p.id AND a.student_id = $1)
        ORDER BY p.project_created_at DESC NULLS LAST, p.id
        LIMIT $3`,
      [userId, skillKeys, limit],
    );
  }
}
