import type { MatchClosedReason } from './values/matching.js';

/**
 * `GET /api/dashboard` (API.md "Dashboards"): the gateway asks every service for its part
 * (`GET /internal/dashboard` with the caller's identity) and composes the answer. A service that has
 * nothing to say answers 404 and contributes nothing: its figures stay 0, never invented.
 */
export interface ProfileCheck {
  key: string;
  label: string;
  done: boolean;
}

export interface RecentMatch {
  id: string;
  projectTitle: string;
  counterpartName: string;
  matchScore: number;
  status: string;
  /** Why the system closed it (values/matching.ts), when `status` is `closed`; null or absent otherwise. */
  closedReason?: MatchClosedReason | null;
  createdAt: string;
}

export const studentFigureKeys = ['activeMatches', 'completedProjects', 'unreadMessages', 'connectionsUsed'] as const;
export const employerFigureKeys = [
  'activeProjects',
  'pendingCandidates',
  'activeCollaborations',
  'unreadMessages',
  'totalApplicants',
  'completedProjects',
] as const;

export type StudentFigure = (typeof studentFigureKeys)[number];
export type EmployerFigure = (typeof employerFigureKeys)[number];

/** One service's part of the dashboard. Counts add up across services; checks and matches concatenate. */
export interface DashboardContribution {
  figures?: Partial<Record<StudentFigure | EmployerFigure, number>>;
  /** Employers: accepted or completed applications out of all decided ones, 0–100; null before any. */
  successRate?: number | null;
  averageRating?: number | null;
  /** Employers: their median response time in hours (see `ProjectEmployer`); null below 3 applications. */
  medianResponseHours?: number | null;
  /** Free student plans: applications allowed per calendar month; null means unlimited. */
  connectionsLimit?: number | null;
  profileChecks?: ProfileCheck[];
  recentMatches?: RecentMatch[];
}

interface DashboardCommon {
  /** Percentage of the profile checks done, computed from real data. */
  profileCompletion: number;
  profileChecks: ProfileCheck[];
  /** Up to 3, newest first. */
  recentMatches: RecentMatch[];
}

export interface StudentDashboard extends DashboardCommon, Record<StudentFigure, number> {
  role: 'student';
  connectionsLimit: number | null;
}

export interface EmployerDashboard extends DashboardCommon, Record<EmployerFigure, number> {
  role: 'employer' | 'admin';
  successRate: number | null;
  averageRating: number | null;
  medianResponseHours: number | null;
}

export type Dashboard = StudentDashboard | EmployerDashboard;

export const DASHBOARD_INTERNAL_PATH = '/internal/dashboard';
