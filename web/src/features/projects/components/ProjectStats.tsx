import { countsAsApplicant } from '@projectory/contracts/values';
import { StatGrid } from '../../../shared/ui/StatGrid';
import type { Match } from '../../matching';
import type { Project } from '../projects.api';
import { projectsTexts } from '../projects.texts';

const t = projectsTexts.stats;

export interface ProjectStatsProps {
  /** undefined while loading. */
  projects: Project[] | undefined;
  /** The applications to the employer's projects; undefined while loading or when they failed to load. */
  applications: Match[] | undefined;
}

/**
 * The employer's figures, from their own data (the prototype's 24 and 8 were made up): projects,
 * active ones, applicants (a withdrawn or closed application no longer counts, as in ADR 0008) and applications
 * waiting for a decision. The applications are kept live, so these move as students apply.
 */
export function ProjectStats({ projects, applications }: ProjectStatsProps) {
  const count = (items: unknown[] | undefined) => (items === undefined ? undefined : String(items.length));
  const stats = [
    { label: t.total, value: count(projects) },
    { label: t.active, value: count(projects?.filter((project) => project.isActive)) },
    { label: t.applicants, value: count(applications?.filter((match) => countsAsApplicant(match.status))) },
    { label: t.pending, value: count(applications?.filter((match) => match.status === 'pending')) },
  ];
  return <StatGrid stats={stats} label={t.label} />;
}
