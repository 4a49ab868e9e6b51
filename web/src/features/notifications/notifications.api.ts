import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import type { Notification, NotificationSettings, UnreadCount } from '@projectory/contracts';
import { cursorPages, pageParams } from '../../shared/paging';

export type { Notification, NotificationSettings };

/** How many notifications the bell shows at first and adds with each 'Load more'. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

const LIST = { type: 'Notification', id: 'LIST' } as const;
const COUNT = { type: 'Notification', id: 'COUNT' } as const;
const SETTINGS = { type: 'Notification', id: 'SETTINGS' } as const;
/** What a missed event makes stale: the bell's count and list (not the settings). */
export const NOTIFICATION_INBOX_TAGS = [LIST, COUNT];

/** The shared slice has no 'Notification' tag: this feature adds it rather than editing api.ts. */
const withTags = api.enhanceEndpoints({ addTagTypes: ['Notification'] });

/** API.md "Messaging and notifications": the signed-in user's notification inbox and e-mail settings. */
export const notificationsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first, a page at a time by cursor; the live hook puts pushed notifications on top. */
    getNotifications: build.infiniteQuery<Collection<Notification>, undefined, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ pageParam }) => ({ url: '/notifications', params: pageParams(NOTIFICATIONS_PAGE_SIZE, pageParam) }),
      providesTags: [LIST],
    }),
    getUnreadNotificationCount: build.query<UnreadCount, undefined>({
      query: () => '/notifications/unread-count',
      providesTags: [COUNT],
    }),
    /**
     * Marks the given notifications read, or all of them without `ids`. The bell changes at once; if
     * the server refuses, the inbox is asked for again so that it shows the truth.
     */
    markNotificationsRead: build.mutation<null, { ids?: string[] }>({
      query: ({ ids }) => ({ url: '/notifications/read', method: 'POST', body: ids ? { ids } : {} }),
      invalidatesTags: (_result, error) => (error ? [LIST, COUNT] : []),
      async onQueryStarted({ ids }, { dispatch, getState, queryFulfilled }) {
        const now = new Date().toISOString();
        const marked = ids ? new Set(ids) : undefined;
        // Ids the bell has not loaded (a toast's) are unread: they were just pushed.
        const cached = notificationsApi.endpoints.getNotifications.select(undefined)(getState());
        const known = new Map((cached.data?.pages.flatMap((page) => page.items) ?? []).map((item) => [item.id, item]));
        const newlyRead = ids?.filter((id) => !known.get(id)?.readAt).length ?? 0;
        const list = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', undefined, (draft) => {
            for (const item of draft.pages.flatMap((page) => page.items)) {
              if (!item.readAt && (!marked || marked.has(item.id))) item.readAt = now;
            }
          }),
        );
        const count = dispatch(
          notificationsApi.util.updateQueryData('getUnreadNotificationCount', undefined, (draft) => {
            draft.count = marked ? Math.max(0, draft.count - newlyRead) : 0;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          list.undo();
          count.undo();
        }
      },
    }),
    getNotificationSettings: build.query<NotificationSettings, undefined>({
      query: () => '/notifications/settings',
      providesTags: [SETTINGS],
    }),
    /** The switch shows the new choice at once; a refusal puts the saved one back. */
    saveNotificationSettings: build.mutation<NotificationSettings, NotificationSettings>({
      query: (body) => ({ url: '/notifications/settings', method: 'PUT', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(notificationsApi.util.updateQueryData('getNotificationSettings', undefined, () => body));
        try {
          const { data } = await queryFulfilled;
          void dispatch(notificationsApi.util.upsertQueryData('getNotificationSettings', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const {
  useGetNotificationsInfiniteQuery,
  useGetUnreadNotificationCountQuery,
  useMarkNotificationsReadMutation,
  useGetNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
} = notificationsApi;
