// Notifications: the shell's bell and live toasts, and the settings' e-mail and in-app preferences.
export { LiveNotifications } from './LiveNotifications';
export { NotificationBell } from './NotificationBell';
export {
  useGetNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  type NotificationSettings,
} from './notifications.api';
export { notificationsTexts } from './notifications.texts';
