import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { FullScreenSpinner } from '../shared/ui/FullScreenSpinner';
import { RootLayout } from './RootLayout';

/**
 * Signed-in areas whose pages come with later issues. A visitor is sent to /login?next=… like for any
 * private page; once signed in, the 404 page shows inside the shell until the real page exists.
 */
const PRIVATE_PLACEHOLDERS: string[] = [];

/**
 * Every page is its own chunk, loaded when its route matches (`lazy` returns `{ Component }`).
 *
 * - `/login`, `/signup`: visitors only (GuestOnly sends a signed-in user on to `next` or `/`).
 * - `/forgot-password`, `/reset-password`, `/terms`, `/privacy`: anyone.
 * - SessionLayout (GET /api/auth/user, FullScreenSpinner while it loads) holds `/`, which is the
 *   welcome dashboard or the landing page, `/career-recommendations` (a sign-in prompt for visitors),
 *   `/credentials/:id` (public: the shell around it when signed in), and RequireSession, which holds
 *   every signed-in page.
 * - `/admin` sits under RequireAdmin, which checks `user.role === 'admin'` (others see a 403 in the shell).
 */
const privateRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: () => import('../features/settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: 'assessment',
    lazy: () => import('../features/assessment/AssessmentPage').then((m) => ({ Component: m.AssessmentPage })),
  },
  {
    path: 'assessment/results',
    lazy: () =>
      import('../features/assessment/AssessmentResultsPage').then((m) => ({ Component: m.AssessmentResultsPage })),
  },
  {
    path: 'skills',
    lazy: () => import('../features/skills/SkillsPage').then((m) => ({ Component: m.SkillsPage })),
  },
  {
    path: 'matching-demo',
    lazy: () => import('../features/matching/MatchingDemoPage').then((m) => ({ Component: m.MatchingDemoPage })),
  },
  {
    path: 'dashboard',
    lazy: () => import('../features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'projects',
    lazy: () => import('../features/projects/ProjectsPage').then((m) => ({ Component: m.ProjectsPage })),
  },
  {
    path: 'projects/:projectId',
    lazy: () => import('../features/projects/ProjectPage').then((m) => ({ Component: m.ProjectPage })),
  },
  {
    path: 'portfolio',
    lazy: () => import('../features/portfolio/PortfolioPage').then((m) => ({ Component: m.PortfolioPage })),
  },
  {
    path: 'messages',
    lazy: () => import('../features/messages/MessagesPage').then((m) => ({ Component: m.MessagesPage })),
  },
  {
    path: 'candidates/:userId',
    lazy: () => import('../features/candidates/CandidatePage').then((m) => ({ Component: m.CandidatePage })),
  },
  {
    path: 'workspaces/:matchId',
    lazy: () => import('../features/workspace/WorkspacePage').then((m) => ({ Component: m.WorkspacePage })),
  },
  {
    // The employer's company verification (API.md "Trust and safety"); the mailed link lands here.
    path: 'verification',
    lazy: () => import('../features/verification/VerificationPage').then((m) => ({ Component: m.VerificationPage })),
  },
  {
    // Employers search discoverable students, shortlist and invite them (API.md "Finding talent").
    path: 'talent',
    lazy: () => import('../features/talent/TalentPage').then((m) => ({ Component: m.TalentPage })),
  },
  {
    // Students answer employers' invitations to apply; employers see the ones they sent.
    path: 'invitations',
    lazy: () => import('../features/invitations/InvitationsPage').then((m) => ({ Component: m.InvitationsPage })),
  },
  {
    path: 'plans',
    lazy: () => import('../features/plans/PlansPage').then((m) => ({ Component: m.PlansPage })),
  },
  {
    lazy: () => import('../features/admin/RequireAdmin').then((m) => ({ Component: m.RequireAdmin })),
    children: [
      {
        path: 'admin',
        lazy: () => import('../features/admin/AdminPage').then((m) => ({ Component: m.AdminPage })),
      },
    ],
  },
  ...PRIVATE_PLACEHOLDERS.map((path) => ({
    path: `${path}/*`,
    lazy: () => import('../shared/ui/NotFoundPage').then((m) => ({ Component: () => <m.NotFoundPage embedded /> })),
  })),
];

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: FullScreenSpinner,
    children: [
      {
        lazy: () => import('../features/auth/GuestOnly').then((m) => ({ Component: m.GuestOnly })),
        children: [
          {
            path: 'login',
            lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: 'signup',
            lazy: () => import('../features/auth/SignupPage').then((m) => ({ Component: m.SignupPage })),
          },
        ],
      },
      {
        path: 'forgot-password',
        lazy: () => import('../features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: 'reset-password',
        lazy: () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: 'terms',
        lazy: () => import('../features/legal/LegalPage').then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: 'privacy',
        lazy: () => import('../features/legal/LegalPage').then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        lazy: () => import('../features/shell/SessionLayout').then((m) => ({ Component: m.SessionLayout })),
        children: [
          {
            // main.tsx serves a visitor's first visit to `/` without the app; this covers everything else.
            index: true,
            lazy: () => import('../features/home/HomePage').then((m) => ({ Component: m.HomePage })),
          },
          {
            // Open to visitors too (prototype spec §6): they see a prompt to sign in, students the page.
            path: 'career-recommendations',
            lazy: () =>
              import('../features/careers/CareerRecommendationsPage').then((m) => ({
                Component: m.CareerRecommendationsPage,
              })),
          },
          {
            // A credential anyone may check (API.md "Credentials"): in the shell when signed in, on its own for visitors.
            path: 'credentials/:id',
            lazy: () => import('../features/credentials/CredentialPage').then((m) => ({ Component: m.CredentialPage })),
          },
          {
            lazy: () => import('../features/auth/RequireSession').then((m) => ({ Component: m.RequireSession })),
            children: privateRoutes,
          },
          {
            // Any other path: the 404 inside the shell when signed in, on its own page for visitors.
            path: '*',
            lazy: () => import('../shared/ui/NotFoundPage').then((m) => ({ Component: m.NotFoundRoute })),
          },
        ],
      },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's router, made on first use rather than when this module loads: making it matches the
 * address and starts loading the page's modules, work that gets a task of its own (boot-cache.ts)
 * rather than lengthening the one that loads the app's modules.
 */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  return (router ??= createBrowserRouter(routes));
}
