import { useGetDashboardQuery } from '../home/home.api';
import { useGetMyMatchesQuery } from '../matching/matching.api';
import { useGetMyProjectsQuery } from '../projects/projects.api';

/**
 * The dashboard's reads, asked again whenever a part of the page mounts: figures change with every
 * application, decision and message, and a visit must show them as they are now. (Requests already on
 * their way are shared, not repeated.)
 */
const FRESH = { refetchOnMountOrArgChange: true } as const;

export const useDashboardFigures = () => useGetDashboardQuery(undefined, FRESH);
/** Students: every application; employers: every application to their projects. Kept live by matching. */
export const useMyMatches = () => useGetMyMatchesQuery(undefined, FRESH);
/** The employer's projects, active and inactive, with real applicant counts. */
export const useMyProjects = () => useGetMyProjectsQuery(undefined, FRESH);
