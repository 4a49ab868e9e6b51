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
} as const;

export interface NavItem {
  to: string;
  label: string;
}

/** The top bar's links for a role: Portfolio is for students, Admin for admins, and Projects reads differently per role. */
export function navItems(role: Role): NavItem[] {
  const student = role === 'student';
  return [
    { to: '/', label: 'Home' },
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/projects', label: student ? 'Browse Projects' : 'My Projects' },
    ...(student ? [{ to: '/portfolio', label: 'Portfolio' }] : []),
    { to: '/messages', label: 'Messages' },
    ...(role === 'admin' ? [{ to: '/admin', label: 'Admin' }] : []),
  ];
}

export function fullName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The avatar's letter: first name, else e-mail, else 'U'. */
export function avatarInitial(user: { firstName: string; email: string }): string {
  return (user.firstName.trim()[0] ?? user.email.trim()[0] ?? 'U').toUpperCase();
}
