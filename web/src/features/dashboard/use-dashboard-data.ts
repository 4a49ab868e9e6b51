import { refetchOnMount } from '../../app/boot-cache';
import { useGetDashboardQuery } from '../../shared/api/dashboard.api';
import { useGetMyMatchesQuery } from '../matching';
import { useGetMyProjectsQuery } from '../projects';

/**
 * The dashboard's reads, asked again whenever a part of the page mounts: figures change with every
 * application, decision and message, and a visit must show them as they are now. (Requests already on
 * their way are shared, not repeated; the first page's mounts keep what the app's start has just
 * loaded, app/boot-cache.ts.)
 */
const fresh = () => ({ refetchOnMountOrArgChange: refetchOnMount() });

export const useDashboardFigures = () => useGetDashboardQuery(undefined, fresh());
/** Students: every application; employers: every application to their projects. Kept live by matching. */
export const useMyMatches = () => useGetMyMatchesQuery(undefined, fresh());
/** The employer's projects, active and inactive, with real applicant counts. */
export const useMyProjects = () => useGetMyProjectsQuery(undefined, fresh());
