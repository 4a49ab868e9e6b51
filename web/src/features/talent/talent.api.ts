import type { CreateInvitation, Invitation, Project, TalentCard } from '@projectory/contracts';
import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import { MY_INVITATIONS_TAG, PIPELINE_TAG, TALENT_TAG } from '../../api/tags';
import { cursorPages, fetchAllPages, pageParams } from '../../shared/paging';
import { TALENT_PAGE_SIZE } from './talent.texts';

export type { CreateInvitation, Invitation, Project, TalentCard };

/** The filters of one search (API.md `GET /api/talent`); empty ones are not sent. */
export interface TalentSearch {
  q: string;
  /** Catalog names; a student must hold all of them. */
  skills: readonly string[];
  verifiedOnly: boolean;
  /** One of the employer's active projects: best fit first, with each card's fit. */
  projectId: string;
  graduationYear: number | null;
}

/** The employer's own projects (the projects feature's list, read here for the active ones). */
const MY_PROJECTS = { type: 'Project', id: 'MINE' } as const;
const SHORTLIST = { type: 'Talent', id: 'SHORTLIST' } as const;

type CardChange = (card: TalentCard) => void;

export const talentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Discoverable students, a page at a time: best fit first with `projectId`, else most verified skills. */
    searchTalent: build.infiniteQuery<Collection<TalentCard>, TalentSearch, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg: { q, skills, verifiedOnly, projectId, graduationYear }, pageParam }) => ({
        url: '/talent',
        params: pageParams(TALENT_PAGE_SIZE, pageParam, {
          q: q.trim(),
          skills: skills.join(','),
          verifiedOnly: verifiedOnly ? 'true' : undefined,
          projectId,
          graduationYear: graduationYear ? String(graduationYear) : undefined,
        }),
      }),
      providesTags: [TALENT_TAG],
    }),
    /** The employer's shortlist, all of it. */
    getShortlist: build.query<Collection<TalentCard>, undefined>({
      queryFn: (_arg, _api, _extraOptions, baseQuery) => fetchAllPages<TalentCard>(baseQuery, '/talent/shortlist'),
      providesTags: [TALENT_TAG, SHORTLIST],
    }),
    /** The employer's projects, active and inactive (the invite dialog and the ranking offer the active ones). */
    getTalentProjects: build.query<Collection<Project>, undefined>({
      queryFn: (_arg, _api, _extraOptions, baseQuery) => fetchAllPages<Project>(baseQuery, '/projects/me'),
      providesTags: [MY_PROJECTS],
    }),
    /** PUT or DELETE /api/talent/shortlist/:studentId: the cards show it at once, and go back if refused. */
    setShortlisted: build.mutation<null, { student: TalentCard; shortlisted: boolean }>({
      query: ({ student, shortlisted }) => ({
        url: `/talent/shortlist/${encodeURIComponent(student.id)}`,
        method: shortlisted ? 'PUT' : 'DELETE',
      }),
      async onQueryStarted({ student, shortlisted }, { dispatch, getState, queryFulfilled }) {
        const patches = changeCards(dispatch, getState, student.id, (card) => {
          card.shortlisted = shortlisted;
        });
        patches.push(
          dispatch(
            talentApi.util.updateQueryData('getShortlist', undefined, (draft) => {
              draft.items = draft.items.filter((card) => card.id !== student.id);
              if (shortlisted) draft.items.unshift({ ...student, shortlisted: true });
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : [SHORTLIST]),
    }),
    /** POST /api/invitations: the card reads "Invited" at once; the sent list and the pipeline move. */
    createInvitation: build.mutation<Invitation, CreateInvitation>({
      query: (body) => ({ url: '/invitations', method: 'POST', body }),
      async onQueryStarted({ studentId }, { dispatch, getState, queryFulfilled }) {
        const { data: invitation } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!invitation) return;
        const invited: CardChange = (card) => {
          card.invitation = { id: invitation.id, projectId: invitation.project.id, status: invitation.status };
        };
        changeCards(dispatch, getState, studentId, invited);
        dispatch(
          talentApi.util.updateQueryData('getShortlist', undefined, (draft) => {
            const card = draft.items.find((item) => item.id === studentId);
            if (card) invited(card);
          }),
        );
      },
      invalidatesTags: (result) => (result ? [MY_INVITATIONS_TAG, PIPELINE_TAG] : []),
    }),
  }),
});

/** Changes the student's card in every cached search (each page holding it). */
function changeCards(
  dispatch: (action: unknown) => unknown,
  getState: () => unknown,
  studentId: string,
  change: CardChange,
): { undo: () => void }[] {
  const searches = talentApi.util.selectCachedArgsForQuery(getState() as never, 'searchTalent');
  return searches.map(
    (search) =>
      dispatch(
        talentApi.util.updateQueryData('searchTalent', search, (draft) => {
          for (const page of draft.pages) {
            for (const card of page.items) if (card.id === studentId) change(card);
          }
        }),
      ) as { undo: () => void },
  );
}

export const {
  useSearchTalentInfiniteQuery,
  useGetShortlistQuery,
  useGetTalentProjectsQuery,
  useSetShortlistedMutation,
  useCreateInvitationMutation,
} = talentApi;
