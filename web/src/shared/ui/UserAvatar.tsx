import { useState } from 'react';
import type { User } from '../session';
import './user-avatar.css';

/** The avatar's letter: first name, else e-mail, else 'U'. */
export function avatarInitial(user: { firstName: string; email: string }): string {
  return (user.firstName.trim()[0] ?? user.email.trim()[0] ?? 'U').toUpperCase();
}

export interface UserAvatarProps {
  user: Pick<User, 'firstName' | 'email' | 'profileImageUrl'>;
  size?: number;
}

/**
 * The profile image, else the initial (also when the image fails to load). Not antd's Avatar: that one
 * measures its text after mounting to scale it, which forces a layout of the whole page in the middle
 * of the first render on every signed-in page; one letter needs no scaling.
 */
export function UserAvatar({ user, size = 36 }: UserAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string>();
  const image = user.profileImageUrl && user.profileImageUrl !== failedUrl ? user.profileImageUrl : undefined;
  return (
    <span className="pj-avatar" style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}>
      {image ? <img src={image} alt="" onError={() => setFailedUrl(image)} /> : avatarInitial(user)}
    </span>
  );
}
