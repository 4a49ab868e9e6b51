import { z } from 'zod';
import { pageQueryFields } from './collection.js';

/** API.md "Messaging and notifications": the stored notification inbox and its e-mail settings. */

/** One stored notification; `readAt` is null until its owner marks it read. */
export interface Notification {
  id: string;
  /** `application.received`, `application.status_changed`, `message.received`, `portfolio.verified`, … */
  type: string;
  title: string;
  body: string | null;
  link: string | null;
  createdAt: string;
  readAt: string | null;
}

/** `GET /api/notifications?cursor=&limit=`: newest first. */
export const listNotificationsQuerySchema = z.object(pageQueryFields);
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuerySchema>;

/** The most ids one `POST /api/notifications/read` marks. */
export const MARK_READ_MAX_IDS = 100;

/** `POST /api/notifications/read`: the given ids of the caller's, or all of them when `ids` is absent. */
export const markNotificationsReadSchema = z.preprocess(
  // No body at all means "all of them", as `{}` does.
  (body) => body ?? {},
  z
    .object({
      ids: z
        .array(z.uuid({ error: 'Each id must be a notification id' }), { error: 'ids must be a list of ids' })
        .max(MARK_READ_MAX_IDS, `At most ${MARK_READ_MAX_IDS} ids at a time`)
        .optional(),
    })
    .strict(),
);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

const emailSetting = (field: string) => z.boolean({ error: `${field} must be true or false` });

/** `GET/PUT /api/notifications/settings`: which e-mails a user gets for what happened while away. */
export const notificationSettingsSchema = z
  .object({
    email: z
      .object(
        {
          messages: emailSetting('messages'),
          applications: emailSetting('applications'),
          statusChanges: emailSetting('statusChanges'),
        },
        { error: 'email must be an object of messages, applications and statusChanges' },
      )
      .strict(),
  })
  .strict();
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Every e-mail is on until the user turns it off. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email: { messages: true, applications: true, statusChanges: true },
};
