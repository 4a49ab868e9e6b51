/** Texts of the signed-in top bar (prototype spec §2 "Top bar"). Imports nothing: browser tests read it. */

type Role = 'student' | 'employer' | 'admin';

export const shellTexts = {
  skipLink: 'Skip to main content',
  homeLabel: 'Projectory home',
  navLabel: 'Main',
  drawerNavLabel: 'Main menu',
  openMenu: 'Open menu',
  menuTitle: 'Menu',
  accountMenu: (name: string) => `Account menu for ${name}`,
  profile: 'Profile',
  settings: 'Settings',
  logout: 'Log out',
  reconnecting: 'Reconnecting…',
  roles: { student: 'Student', employer: 'Employer', admin: 'Admin' } satisfies Record<Role, string>,
  /** GET /api/auth/user failed for another reason than "signed out" (SessionUnavailable). */
  session: {
    unavailableTitle: 'Projectory is not reachable right now',
    unavailableText: 'We could not check your session. Check your connection and try again.',
    retry: 'Try Again',
  },
} as const;

export interface NavItem {
  to: string;
  label: string;
}

/** The top bar's links for a role: Portfolio and Invitations are for students, Find Talent for employers, Admin for admins, and Projects reads differently per role. */
export function navItems(role: Role): NavItem[] {
  const student = role === 'student';
  return [
    { to: '/', label: 'Home' },
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/projects', label: student ? 'Browse Projects' : 'My Projects' },
    ...(student ? [{ to: '/portfolio', label: 'Portfolio' }] : []),
    ...(student ? [{ to: '/invitations', label: 'Invitations' }] : []),
    ...(role === 'employer' ? [{ to: '/talent', label: 'Find Talent' }] : []),
    { to: '/messages', label: 'Messages' },
    ...(role === 'admin' ? [{ to: '/admin', label: 'Admin' }] : []),
  ];
}
