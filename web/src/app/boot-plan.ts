/**
 * What the first render of an app page needs, so that index.html can start it before any of the app's
 * JavaScript has run (vite.config.ts writes it into an inline script, boot-script.ts): the chunks of
 * the shell and of the page (preloaded as scripts), GET /api/auth/user, and the GET requests the page
 * sends on its first render for the user's role: at once for the role of the signed-in hint, else once
 * GET /api/auth/user names it. The app takes those answers instead of asking
 * again (api/boot-requests.ts). Without this, each step waited for the one before: the entry chunk,
 * then the app, then the route's chunks, then the user, then the page's data.
 *
 * Plain data, no imports: vite.config.ts reads it at build time. A request listed here that the page
 * does not send (its address or query changed) costs one unused request and nothing else; B14 prints
 * the API requests of its runs, where a duplicate shows.
 */
import type { User } from '@projectory/contracts';

type Role = User['role'];

/** The app's modules every signed-in page renders in: the shell, the session's layout and guard. */
const SIGNED_IN_SHELL = [
  'src/app/App.tsx',
  'src/features/shell/SessionLayout.tsx',
  'src/features/auth/RequireSession.tsx',
];

/** Requests of the shell itself on every signed-in page (the notification bell's count). */
export const BOOT_SIGNED_IN_REQUESTS = ['/api/notifications/unread-count'];

export interface BootPage {
  /** The modules of the first render (router.tsx loads them lazily), as paths under web/. */
  modules: string[];
  /**
   * GET requests the page sends on its first render, per role, as the app's base query builds them
   * (path and query under /api). Only for the page's default view: an address with a query string
   * (another tab, a sort order) gets the chunks but no requests.
   */
  requests?: Partial<Record<Role, string[]>>;
  /**
   * GET requests the page sends whoever reads it, a visitor too (a public page's data): asked at once
   * with GET /api/auth/user, with or without the signed-in hint. Only for the page's default view too.
   */
  anyone?: string[];
  /** GET requests built from the answer of one of `requests`, per role. */
  follow?: Partial<Record<Role, FollowRequest[]>>;
  /** Parts of the page's first frame shown once one of `requests` has answered, per role. */
  reveal?: Partial<Record<Role, FrameReveal[]>>;
  /** Parts of the page's first frame whose text one of `requests`' answers gives, per role. */
  fill?: Partial<Record<Role, FrameFill[]>>;
}

/**
 * A GET request the page sends once another one has answered: `path` with `param` set to the ids of
 * that answer's `items`, comma-separated (as the page asks what depends on the items it lists: the
 * student's fit for the projects on the first page, in one request).
 */
export interface FollowRequest {
  after: string;
  path: string;
  param: string;
}

/**
 * A part of the page's first frame (app-frames.tsx), in it hidden with `data-frame-part="<part>"`, that
 * index.html shows when the answer to `after` says it is on the page: unless the answer's array `list`
 * holds an item with all the fields of `item`. So the frame can hold what the page draws from data,
 * where it will be, as soon as that data is here rather than once the app has loaded.
 */
export interface FrameReveal {
  part: string;
  after: string;
  unless: { list: string; item: Record<string, string | number | boolean> };
}

/**
 * A part of the page's first frame, in it hidden with `data-frame-part="<part>"`, whose element marked
 * `data-frame-text` index.html fills with the text at `field` (a dotted path) of the answer to `after`,
 * then shows it (nothing when the answer has no such text). So the frame can hold what the page draws
 * first from its data, such as its heading, where the app will draw it, before the app has loaded.
 */
export interface FrameFill {
  part: string;
  after: string;
  field: string;
}

const signedInPage = (module: string, data?: Pick<BootPage, 'requests' | 'follow' | 'reveal' | 'fill'>): BootPage => ({
  modules: [...SIGNED_IN_SHELL, module],
  ...data,
});

const WORKSPACE_TITLE: FrameFill = { part: 'title', after: '/api/workspaces/:matchId', field: 'project.title' };

/**
 * By path (no trailing slash). A segment `:name` stands for any one segment of the address (a page's
 * id, as in router.tsx), and `:name` in the page's requests for that segment, as the app's base query
 * writes it (`encodeURIComponent`). `/` is only booted for a browser with the signed-in hint (main.tsx).
 */
export const BOOT_PAGES: Record<string, BootPage> = {
  '/': { modules: ['src/app/App.tsx', 'src/features/shell/SessionLayout.tsx', 'src/features/home/HomePage.tsx'] },
  '/projects': signedInPage('src/features/projects/ProjectsPage.tsx', {
    requests: {
      student: ['/api/projects?limit=12', '/api/matches/me?limit=100'],
      admin: ['/api/projects?limit=12'],
    },
    // BrowseProjects' cards show the student's fit (matching.api.ts getProjectFits).
    follow: { student: [{ after: '/api/projects?limit=12', path: '/api/matches/fit', param: 'projectIds' }] },
  }),
  '/dashboard': signedInPage('src/features/dashboard/DashboardPage.tsx', {
    requests: { student: ['/api/dashboard', '/api/assessments/me'] },
    // The prompt to take the culture assessment (StudentOverview), while the student has none.
    reveal: {
      student: [
        {
          part: 'assessment-prompt',
          after: '/api/dashboard',
          unless: { list: 'profileChecks', item: { key: 'assessment', done: true } },
        },
      ],
    },
  }),
  // A collaboration's workspace, linked from the dashboards and the notifications (workspace.api.ts getWorkspace).
  '/workspaces/:matchId': signedInPage('src/features/workspace/WorkspacePage.tsx', {
    requests: {
      student: ['/api/workspaces/:matchId'],
      employer: ['/api/workspaces/:matchId'],
      admin: ['/api/workspaces/:matchId'],
    },
    // Its heading, the project's title: the page's largest paint (WorkspaceHeader).
    fill: {
      student: [WORKSPACE_TITLE],
      employer: [WORKSPACE_TITLE],
      admin: [WORKSPACE_TITLE],
    },
  }),
  '/messages': signedInPage('src/features/messages/MessagesPage.tsx'),
  '/portfolio': signedInPage('src/features/portfolio/PortfolioPage.tsx'),
  '/skills': signedInPage('src/features/skills/SkillsPage.tsx'),
  '/settings': signedInPage('src/features/settings/SettingsPage.tsx'),
  '/assessment': signedInPage('src/features/assessment/AssessmentPage.tsx'),
  '/plans': signedInPage('src/features/plans/PlansPage.tsx'),
  // Employers land on Find Talent from the top bar (talent.api.ts searchTalent, getTalentProjects).
  '/talent': signedInPage('src/features/talent/TalentPage.tsx', {
    requests: { employer: ['/api/projects/me?limit=100', '/api/talent?limit=12'] },
  }),
  // Students land here from the `invitation.received` notification (shared/api/invitations.api.ts).
  '/invitations': signedInPage('src/features/invitations/InvitationsPage.tsx', {
    requests: { student: ['/api/invitations/me?limit=100'], employer: ['/api/invitations/me?limit=100'] },
  }),
  // Employers land here from the verification e-mail's link (?result=).
  '/verification': signedInPage('src/features/verification/VerificationPage.tsx'),
  // A credential's public page, which visitors land on from a link (credentials.api.ts getCredential; the
  // issuer's keys, which the page checks its signature against: verifyCredential). In the shell when
  // signed in (the shell's frame then), on its own for visitors.
  '/credentials/:id': {
    modules: ['src/app/App.tsx', 'src/features/shell/SessionLayout.tsx', 'src/features/credentials/CredentialPage.tsx'],
    anyone: ['/api/credentials/:id', '/api/credentials/jwks.json'],
  },
  '/career-recommendations': {
    modules: [
      'src/app/App.tsx',
      'src/features/shell/SessionLayout.tsx',
      'src/features/careers/CareerRecommendationsPage.tsx',
    ],
  },
};
