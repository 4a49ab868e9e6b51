import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useLogout, type User } from '../../shared/session';
import { personName } from '../../shared/lib/person-name';
import { shellTexts as t } from './shell.texts';
import { UserAvatar } from '../../shared/ui/UserAvatar';

export interface UserMenuProps {
  user: User;
}

type MenuKey = 'profile' | 'settings' | 'logout';

/** The avatar button and its menu: who is signed in, Profile, Settings and Log out. */
export function UserMenu({ user }: UserMenuProps) {
  const navigate = useNavigate();
  const { logOut, loggingOut } = useLogout();
  const name = personName(user, user.email);

  // Who is signed in heads the menu as a group title (not an item), so that arrow keys skip it.
  const items: MenuProps['items'] = [
    {
      type: 'group',
      label: (
        <span className="pj-user-menu__who">
          <strong className="pj-user-menu__name">{name}</strong>
          <span className="pj-user-menu__email">{user.email}</span>
          <span className="pj-user-menu__role">{t.roles[user.role]}</span>
        </span>
      ),
      children: [
        { key: 'profile' satisfies MenuKey, label: t.profile },
        { key: 'settings' satisfies MenuKey, label: t.settings },
      ],
    },
    { type: 'divider' },
    { key: 'logout' satisfies MenuKey, label: t.logout, danger: true, disabled: loggingOut },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    switch (key as MenuKey) {
      case 'profile':
        return void navigate('/settings?tab=profile');
      case 'settings':
        return void navigate('/settings');
      case 'logout':
        return void logOut();
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      autoFocus
      menu={{ items, onClick, className: 'pj-user-menu' }}
    >
      <Button type="text" shape="circle" className="pj-user-menu__button" aria-label={t.accountMenu(name)}>
        <UserAvatar user={user} />
      </Button>
    </Dropdown>
  );
}
