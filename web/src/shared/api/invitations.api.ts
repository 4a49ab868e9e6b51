import type { Invitation, InvitationStatus } from '@projectory/contracts';
import { TalentNotificationKind } from '@projectory/contracts/values';
import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import { MY_INVITATIONS_TAG, PIPELINE_TAG, TALENT_TAG } from '../../api/tags';
import { useAppDispatch } from '../../app/hooks';
import { followWhileCached, useSocketEvents } from '../live';
import { fetchAllPages } from '../paging';

export type { Invitation, InvitationStatus };

/** The notifications that change someone's invitations: one received (student), one answered (employer). */
const INVITATION_KINDS: ReadonlySet<string> = new Set(Object.values(TalentNotificationKind));

/**
 * GET /api/invitations/me (API.md "Finding talent"): a student's invitations received, an employer's
 * sent, every page, newest first. Read by the invitations page, the welcome dashboard and My
 * Applications (the pending count). Kept live: an `invitation.received` or `invitation.answered`
 * notification asks for the list again, as a drop the server could not replay does.
 */
export const invitationsReadApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyInvitations: build.query<Collection<Invitation>, undefined>({
      queryFn: (_arg, _api, _extraOptions, baseQuery) => fetchAllPages<Invitation>(baseQuery, '/invitations/me'),
      providesTags: [MY_INVITATIONS_TAG],
      async onCacheEntryAdded(_arg, lifecycle) {
        const { dispatch } = lifecycle;
        const refresh = (tags: readonly (typeof MY_INVITATIONS_TAG | typeof TALENT_TAG | typeof PIPELINE_TAG)[]) =>
          void dispatch(api.util.invalidateTags([...tags]));
        await followWhileCached(lifecycle, {
          on: {
            notification: ({ kind }) => {
              if (!INVITATION_KINDS.has(kind)) return;
              // An answer moves the employer's talent cards (their invitation's status) and pipeline too.
              refresh(
                kind === TalentNotificationKind.Answered
                  ? [MY_INVITATIONS_TAG, TALENT_TAG, PIPELINE_TAG]
                  : [MY_INVITATIONS_TAG],
              );
            },
          },
          resync: () => refresh([MY_INVITATIONS_TAG]),
        });
      },
    }),
  }),
});

export const { useGetMyInvitationsQuery } = invitationsReadApi;

/** How many invitations wait for the signed-in student's answer (undefined while loading or for others). */
export function usePendingInvitations(skip = false): number | undefined {
  const { data } = useGetMyInvitationsQuery(undefined, { skip });
  return data?.items.filter((invitation) => invitation.status === 'pending').length;
}

/**
 * While mounted (Find Talent, the pipeline): a student's answer (`invitation.answered`) asks for the
 * employer's talent cards and pipeline again, so that the invitation's status and the funnel move.
 */
export function useInvitationAnswers(): void {
  const dispatch = useAppDispatch();
  const refresh = () => void dispatch(api.util.invalidateTags([TALENT_TAG, PIPELINE_TAG]));
  useSocketEvents({
    on: {
      notification: ({ kind }) => {
        if (kind === TalentNotificationKind.Answered) refresh();
      },
    },
    resync: refresh,
  });
}
