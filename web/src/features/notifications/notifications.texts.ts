/**
 * Texts of the notification bell, its live toasts and the e-mail settings (issue 13; PRODUCT.md
 * point 5 "Live everywhere"). Imports nothing: browser tests read it.
 */
export const notificationsTexts = {
  bell: {
    label: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
    heading: 'Notifications',
    markAllRead: 'Mark all as read',
    empty: 'No notifications yet',
    emptyHint: 'New applications, status changes and messages show up here as they happen.',
    loading: 'Loading notifications…',
    error: 'Could not load your notifications',
    retry: 'Try Again',
    loadMore: 'Load more',
    unread: 'Unread',
    listLabel: 'Latest notifications',
    markFailed: 'Could not mark your notifications as read. Please try again.',
  },
  toast: {
    open: 'View',
  },
  time: {
    justNow: 'just now',
  },
  connection: {
    reconnecting: 'Reconnecting…',
  },
  settings: {
    heading: 'Notifications',
    intro:
      'Everything that happens shows in the bell at the top of the page. We also e-mail you about what happened while you were away.',
    emailHeading: 'E-mail me about',
    messages: 'New messages',
    applications: 'Applications',
    statusChanges: 'Status changes',
    messagesHint: 'A student or employer wrote to you.',
    applicationsHint: 'Someone applied to one of your projects, or an application has waited 3 days for your answer.',
    statusChangesHint: 'An application was accepted, declined, completed or withdrawn.',
    rule: 'At most one e-mail per conversation per 15 minutes, however many messages arrive.',
    loading: 'Loading your notification settings…',
    loadError: 'Could not load your notification settings',
    retry: 'Try Again',
    saved: 'Notification settings saved',
    saveFailed: 'Could not save your notification settings. Your previous choice is kept.',
  },
} as const;
