import type { Career } from '../catalog/career.js';
import { StudentEvidence } from './ranking.js';
import type { StudentProfile } from './student-profile.js';

export interface SkillGapParts {
  strengthSkills: string[];
  missingSkills: string[];
  recommendations: string[];
}

/** How many missing skills get a recommendation of their own. */
const MISSING_ADVICE = 4;

/**
 * A career's required skills split into what the student has and what they lack (together exactly the
 * career's skills, never both), with learning recommendations: the missing skills first, then deepening
 * and verifying the ones held, then the career's own next steps.
 */
export function skillGap(career: Career, profile: StudentProfile): SkillGapParts {
  const evidence = new StudentEvidence(profile);
  const strengthSkills: string[] = [];
  const missingSkills: string[] = [];
  for (const name of career.requiredSkills) (evidence.skill(name) ? strengthSkills : missingSkills).push(name);
  const recommendations = [
    ...missingSkills
      .slice(0, MISSING_ADVICE)
      .map((name) => `Learn ${name}: take on a project that uses it, so an employer can verify it.`),
    ...strengthSkills.flatMap((name) => {
      const skill = evidence.skill(name)!;
      if (skill.level === 'Beginner') return [`Deepen ${name} from Beginner to Intermediate with a larger project.`];
      if (!skill.verified) return [`Get ${name} verified: add a portfolio item an employer can review.`];
      return [];
    }),
    ...career.nextSteps,
  ];
  return { strengthSkills, missingSkills, recommendations };
}
