import { Avatar } from 'antd';
import type { User } from '../auth/auth.api';
import { avatarInitial } from './shell.texts';

export interface UserAvatarProps {
  user: Pick<User, 'firstName' | 'email' | 'profileImageUrl'>;
  size?: number;
}

/** The profile image, else the initial (antd falls back to the initial when the image fails to load). */
export function UserAvatar({ user, size = 36 }: UserAvatarProps) {
  return (
    <Avatar size={size} src={user.profileImageUrl || undefined} alt="" className="pj-avatar">
      {avatarInitial(user)}
    </Avatar>
  );
}
