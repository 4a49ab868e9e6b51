import type { Invitation } from '@projectory/contracts';
import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import { MY_INVITATIONS_TAG, MY_MATCHES_TAG } from '../../api/tags';
import { invitationsReadApi } from '../../shared/api/invitations.api';

export type { Invitation };

/**
 * PATCH /api/invitations/:id (the student): `accepted` creates a pending application (`matchId`),
 * `declined` tells the employer. The answer replaces the invitation in the list at once; a 409
 * (answered elsewhere, or expired) asks for the list again.
 */
export const invitationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    answerInvitation: build.mutation<Invitation, { id: string; status: 'accepted' | 'declined' }>({
      query: ({ id, status }) => ({ url: `/invitations/${encodeURIComponent(id)}`, method: 'PATCH', body: { status } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data: invitation } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!invitation) return;
        dispatch(
          invitationsReadApi.util.updateQueryData('getMyInvitations', undefined, (draft: Collection<Invitation>) => {
            const index = draft.items.findIndex((item) => item.id === invitation.id);
            if (index >= 0) draft.items[index] = invitation;
          }),
        );
      },
      // An acceptance is a new application: the student's applications and figures move.
      invalidatesTags: (result, error) =>
        result?.status === 'accepted' ? [MY_MATCHES_TAG, 'Dashboard'] : error ? [MY_INVITATIONS_TAG] : [],
    }),
  }),
});

export const { useAnswerInvitationMutation } = invitationsApi;
