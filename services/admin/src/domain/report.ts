/** The figures the text report states. */
export interface ReportFigures {
  totalUsers: number;
  students: number;
  employers: number;
  admins: number;
  suspended: number;
  plans: { free: number; professional: number; enterprise: number };
  assessments: number;
  skillsCount: number;
  projects: number;
  activeProjects: number;
  matches: number;
  matchStatuses: Record<string, number>;
  openUpgradeRequests: number;
}

const percent = (part: number, whole: number): string => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '0%');

/** The prototype's 'Export Report': plain text with the stats and counts, as of `generatedAt`. */
export function renderReport(figures: ReportFigures, generatedAt: Date): string {
  const statuses = Object.entries(figures.matchStatuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `  ${status}: ${count}`);
  return [
    'Projectory Admin Report',
    `Generated: ${generatedAt.toISOString()}`,
    '',
    'Users',
    `  Total users: ${figures.totalUsers}`,
    `  Students: ${figures.students}`,
    `  Employers: ${figures.employers}`,
    `  Admins: ${figures.admins}`,
    `  Suspended: ${figures.suspended}`,
    '',
    'Plans',
    `  Free: ${figures.plans.free}`,
    `  Professional: ${figures.plans.professional}`,
    `  Enterprise: ${figures.plans.enterprise}`,
    `  Open upgrade requests: ${figures.openUpgradeRequests}`,
    '',
    'Assessments',
    `  Completed: ${figures.assessments} (${percent(figures.assessments, figures.totalUsers)} of users)`,
    '',
    'Skills',
    `  Skills tracked: ${figures.skillsCount}`,
    '',
    'Projects',
    `  Projects: ${figures.projects}`,
    `  Active: ${figures.activeProjects}`,
    '',
    'AI Matches',
    `  Total matches: ${figures.matches}`,
    ...statuses,
    '',
  ].join('\n');
}
