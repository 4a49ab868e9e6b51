import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { type Fetch, fetchAllPages, pageParams } from '../../shared/paging';
import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import type { ServerToClientEvents } from '../../api/socket';
import { followWhileCached } from '../../shared/live';
import { applyToConversations, mergeMessages } from './thread-merge';
import type { Conversation, Message, MessageRead } from '@projectory/contracts';

export type { Conversation, Message, MessageRead };

export interface ConversationsArg {
  q: string;
  archived: boolean;
}

/** A thread as the page holds it: oldest first, and the cursor to the page before the oldest one held. */
export interface Thread {
  items: Message[];
  nextCursor: string | null;
}

export interface SendMessageBody {
  matchId: string;
  content: string;
  /** The optimistic message's id: a retry sends the same one, and the server answers the first message. */
  clientMessageId: string;
  uploadId?: string;
}

/** Every conversation list (open, archived, searched). */
export const CONVERSATIONS_TAG = { type: 'Conversation', id: 'LIST' } as const;
/** The caller's total unread count (GET /api/messages/unread-count), wherever it is shown. */
export const UNREAD_MESSAGES_TAG = { type: 'Message', id: 'UNREAD' } as const;
/** Newest messages a thread loads first; older ones come a page at a time. */
export const THREAD_PAGE_SIZE = 30;

const threadUrl = (matchId: string) => `/messages/match/${encodeURIComponent(matchId)}`;

type Answer<T> = { data: T } | { error: FetchBaseQueryError };

/**
 * One page of a thread as the page holds it, oldest first: the newest page (no cursor) or the page
 * before `cursor`. A thread grows at both ends (live messages after, older pages before), so it is a
 * query per page merged by thread-merge rather than an infiniteQuery; its parameters are shared paging's.
 */
async function threadPage(baseQuery: Fetch, matchId: string, cursor: string | null): Promise<Answer<Thread>> {
  const result = await baseQuery({ url: threadUrl(matchId), params: pageParams(THREAD_PAGE_SIZE, cursor) });
  if (result.error) return { error: result.error };
  const page = result.data as Collection<Message>;
  return { data: { items: [...page.items].reverse(), nextCursor: page.nextCursor } };
}

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every page of the caller's conversations, latest activity first; kept live from the socket. */
    getConversations: build.query<Collection<Conversation>, ConversationsArg>({
      queryFn: ({ q, archived }, _api, _extraOptions, baseQuery) =>
        fetchAllPages<Conversation>(baseQuery, '/conversations', {
          ...(q ? { q } : {}),
          archived: String(archived),
        }),
      providesTags: [CONVERSATIONS_TAG],
      onCacheEntryAdded(arg, lifecycle) {
        const { updateCachedData, dispatch } = lifecycle;
        const refetch = () =>
          void dispatch(messagesApi.endpoints.getConversations.initiate(arg, { subscribe: false, forceRefetch: true }));
        const onMessage: ServerToClientEvents['message:new'] = (message) => {
          let known = false;
          updateCachedData((draft) => {
            known = applyToConversations(draft, message);
          });
          // A conversation this list does not hold yet (a new match, or a search that may now match).
          if (!known && !arg.archived) refetch();
        };
        // A status moves a conversation between open and archived, and a new application adds one:
        // messaging applies matching's event to its read model, then says so (`view:changed`).
        const onViewChanged: ServerToClientEvents['view:changed'] = ({ view }) => {
          if (view === 'conversations') refetch();
        };
        return followWhileCached(lifecycle, {
          on: { 'message:new': onMessage, 'view:changed': onViewChanged },
          resync: refetch,
        });
      },
    }),

    /**
     * The newest page of one thread; `message:new` appends, `message:read` marks the caller's messages
     * read, and after a reconnect everything after the highest seq held is fetched (`afterSeq`).
     */
    getThread: build.query<Thread, string>({
      queryFn: (matchId, _api, _extraOptions, baseQuery) => threadPage(baseQuery, matchId, null),
      providesTags: (_result, _error, matchId) => [{ type: 'Message', id: `THREAD:${matchId}` }],
      onCacheEntryAdded(matchId, lifecycle) {
        const { updateCachedData, getCacheEntry, dispatch } = lifecycle;
        const onMessage: ServerToClientEvents['message:new'] = (message) => {
          if (message.matchId !== matchId) return;
          updateCachedData((draft) => mergeMessages(draft.items, [message]));
        };
        const onRead: ServerToClientEvents['message:read'] = (read) => {
          if (read.matchId !== matchId) return;
          updateCachedData((draft) => {
            for (const message of draft.items) {
              if (message.recipientId === read.readerId && message.seq <= read.upToSeq && !message.readAt) {
                message.readAt = read.readAt;
              }
            }
          });
        };
        const catchUp = async () => {
          const held = getCacheEntry().data?.items ?? [];
          const afterSeq = held.reduce((highest, message) => Math.max(highest, message.seq), 0);
          try {
            const missedMessages = await dispatch(
              messagesApi.endpoints.getMessagesAfter.initiate(
                { matchId, afterSeq },
                { subscribe: false, forceRefetch: true },
              ),
            ).unwrap();
            updateCachedData((draft) => mergeMessages(draft.items, missedMessages.items));
          } catch {
            // The next reconnect or the next visit tries again.
          }
        };
        return followWhileCached(lifecycle, {
          on: { 'message:new': onMessage, 'message:read': onRead },
          resync: () => void catchUp(),
        });
      },
    }),

    /** One older page (before `cursor`), oldest first. */
    getOlderMessages: build.query<Thread, { matchId: string; cursor: string }>({
      queryFn: ({ matchId, cursor }, _api, _extraOptions, baseQuery) => threadPage(baseQuery, matchId, cursor),
      keepUnusedDataFor: 0,
    }),

    /** Every message after `afterSeq` (all pages): the catch-up after the socket was down. */
    getMessagesAfter: build.query<Collection<Message>, { matchId: string; afterSeq: number }>({
      queryFn: ({ matchId, afterSeq }, _api, _extraOptions, baseQuery) =>
        fetchAllPages<Message>(baseQuery, threadUrl(matchId), { afterSeq: String(afterSeq) }),
      keepUnusedDataFor: 0,
    }),

    sendMessage: build.mutation<Message, SendMessageBody>({
      query: (body) => ({ url: '/messages', method: 'POST', body }),
      // The socket echoes the message to the sender's tabs too, but it may be down: put it in at once.
      async onQueryStarted({ matchId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            messagesApi.util.updateQueryData('getThread', matchId, (draft) => mergeMessages(draft.items, [data])),
          );
        } catch {
          // the page shows the failure on the optimistic message
        }
      },
      invalidatesTags: (result) => (result ? [CONVERSATIONS_TAG] : []),
    }),

    /** The caller has seen everything up to `upToSeq`; their unread figures drop at once. */
    markRead: build.mutation<null, { matchId: string; upToSeq: number }>({
      query: ({ matchId, upToSeq }) => ({ url: `${threadUrl(matchId)}/read`, method: 'POST', body: { upToSeq } }),
      async onQueryStarted({ matchId }, { dispatch, getState, queryFulfilled }) {
        const patches = messagesApi.util.selectCachedArgsForQuery(getState(), 'getConversations').map((arg) =>
          dispatch(
            messagesApi.util.updateQueryData('getConversations', arg, (draft) => {
              const conversation = draft.items.find((item) => item.matchId === matchId);
              if (conversation) conversation.unreadCount = 0;
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      // The lists too: one fetched while this call was on its way may still count the messages unread.
      invalidatesTags: (_result, error) => (error ? [] : [CONVERSATIONS_TAG, UNREAD_MESSAGES_TAG, 'Dashboard']),
    }),
  }),
});

export const {
  useGetConversationsQuery,
  useGetThreadQuery,
  useLazyGetOlderMessagesQuery,
  useSendMessageMutation,
  useMarkReadMutation,
} = messagesApi;
