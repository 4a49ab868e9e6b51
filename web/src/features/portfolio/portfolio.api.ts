import { fetchAllPages } from '../../shared/paging';
import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import { ADVANCED_MATCHES_TAG, profileTag } from '../../api/tags';
import type { PortfolioItem, PortfolioReviewItem } from '@projectory/contracts';
import type { ReviewStatus } from '@projectory/contracts/values';
import { followPortfolioReviews } from './portfolio-live';

export type { PortfolioItem, PortfolioReviewItem, ReviewStatus };

export interface AddPortfolioItemBody {
  userSkillId: string;
  title: string;
  description: string;
  uploadId: string;
}

export type UpdatePortfolioItemBody = Partial<Pick<AddPortfolioItemBody, 'userSkillId' | 'title' | 'description'>>;

/** The student's own items (GET /api/portfolios/me). */
export const MY_PORTFOLIO_TAG = { type: 'PortfolioItem', id: 'LIST' } as const;
/** The items waiting for the signed-in employer (GET /api/portfolios/reviews/pending). */
export const PENDING_REVIEWS_TAG = { type: 'PortfolioItem', id: 'PENDING' } as const;

/** An item counts towards the profile's completion; a verified one marks its skill verified, which matching weighs. */
const AFFECTED = ['Dashboard', { type: 'UserSkill', id: 'LIST' }, ADVANCED_MATCHES_TAG] as const;

const itemTags = (result: Collection<Pick<PortfolioItem, 'id'>> | undefined) =>
  (result?.items ?? []).map((item) => ({ type: 'PortfolioItem' as const, id: item.id }));

export const portfolioApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every page of the student's items; kept live from the socket (an employer verifies one). */
    getMyPortfolio: build.query<Collection<PortfolioItem>, undefined>({
      queryFn: (_arg, _api, _extraOptions, baseQuery) => fetchAllPages<PortfolioItem>(baseQuery, '/portfolios/me'),
      providesTags: (result) => [MY_PORTFOLIO_TAG, ...itemTags(result)],
      async onCacheEntryAdded(_arg, lifecycle) {
        const { dispatch } = lifecycle;
        await followPortfolioReviews({
          ...lifecycle,
          refresh: () => void dispatch(api.util.invalidateTags([MY_PORTFOLIO_TAG, ...AFFECTED])),
          // A decision changes the skill's verified mark, the profile's figures and the match scores.
          onReviewed: () => void dispatch(api.util.invalidateTags([...AFFECTED])),
        });
      },
    }),
    addPortfolioItem: build.mutation<PortfolioItem, AddPortfolioItemBody>({
      query: (body) => ({ url: '/portfolios', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [MY_PORTFOLIO_TAG, 'Dashboard'] : []),
    }),
    updatePortfolioItem: build.mutation<PortfolioItem, { id: string; changes: UpdatePortfolioItemBody }>({
      query: ({ id, changes }) => ({ url: `/portfolios/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: (result, _error, { id }) =>
        result ? [{ type: 'PortfolioItem', id }, MY_PORTFOLIO_TAG, ...AFFECTED] : [],
    }),
    deletePortfolioItem: build.mutation<null, string>({
      query: (id) => ({ url: `/portfolios/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) =>
        error ? [] : [{ type: 'PortfolioItem', id }, MY_PORTFOLIO_TAG, ...AFFECTED],
    }),
    /** Employers and admins: the items of their students waiting for a decision. */
    getPendingReviews: build.query<Collection<PortfolioReviewItem>, undefined>({
      queryFn: (_arg, _api, _extraOptions, baseQuery) =>
        fetchAllPages<PortfolioReviewItem>(baseQuery, '/portfolios/reviews/pending'),
      providesTags: (result) => [PENDING_REVIEWS_TAG, ...itemTags(result)],
    }),
    /** An employer with an accepted or completed match with the student, or an admin, decides on an item. */
    reviewPortfolioItem: build.mutation<
      PortfolioItem,
      { id: string; ownerId: string; status: ReviewStatus; notes: string }
    >({
      query: ({ id, status, notes }) => ({
        url: `/portfolios/${encodeURIComponent(id)}/verification`,
        method: 'PATCH',
        body: { status, notes },
      }),
      invalidatesTags: (result, _error, { id, ownerId }) =>
        result ? [{ type: 'PortfolioItem', id }, PENDING_REVIEWS_TAG, profileTag(ownerId)] : [],
    }),
  }),
});

export const {
  useGetMyPortfolioQuery,
  useAddPortfolioItemMutation,
  useUpdatePortfolioItemMutation,
  useDeletePortfolioItemMutation,
  useGetPendingReviewsQuery,
  useReviewPortfolioItemMutation,
} = portfolioApi;
