import { cursorPages, fetchAllPages, pageParams } from '../../shared/paging';
import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import { ADVANCED_MATCHES_TAG } from '../../api/tags';
import type { ExchangeType, MilestoneTemplate, Project } from '@projectory/contracts';
import { BROWSE_PAGE_SIZE } from './projects.texts';

export type { ExchangeType, Project };

/** `POST /api/projects`: the create fields only (the server refuses unknown ones, `isActive` included). */
export interface CreateProjectBody {
  title: string;
  description: string;
  exchangeType: ExchangeType;
  exchangeDescription?: string | null;
  duration?: string | null;
  requiredSkills: string[];
  culturalValues: string[];
  /** The plan a workspace starts from; `[]` for none. */
  milestones: MilestoneTemplate[];
}

/** `PATCH /api/projects/:id`: any create field, and `isActive`. */
export type UpdateProjectBody = Partial<CreateProjectBody> & { isActive?: boolean };

export interface BrowseProjectsArgs {
  /** Full-text search over title and description (empty: newest first). */
  q: string;
  /** Empty: every type. */
  exchangeType: ExchangeType | '';
}

/** Every browse list and search; the employer's own list. */
const LIST = { type: 'Project', id: 'LIST' } as const;
const MINE = { type: 'Project', id: 'MINE' } as const;
/** A project's change moves the lists, the dashboard's figures and the rankings of matching. */
const CHANGED = [LIST, MINE, 'Dashboard', ADVANCED_MATCHES_TAG] as const;

const projectTags = (projects: Project[] | undefined) =>
  (projects ?? []).map((project) => ({ type: 'Project' as const, id: project.id }));

export const projectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Active projects of every employer (API.md "Projects"), a page at a time by cursor. */
    browseProjects: build.infiniteQuery<Collection<Project>, BrowseProjectsArgs, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg: { q, exchangeType }, pageParam }) => ({
        url: '/projects',
        params: pageParams(BROWSE_PAGE_SIZE, pageParam, { q, exchangeType }),
      }),
      providesTags: (result) => [LIST, ...projectTags(result?.pages.flatMap((page) => page.items))],
    }),
    /** The employer's own projects, active and inactive, all of them: the page counts them. */
    getMyProjects: build.query<Collection<Project>, undefined>({
      queryFn: (_arg, _api, _extraOptions, baseQuery) => fetchAllPages<Project>(baseQuery, '/projects/me'),
      providesTags: (result) => [MINE, ...projectTags(result?.items)],
    }),
    getProject: build.query<Project, string>({
      query: (id) => `/projects/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Project', id }],
    }),
    createProject: build.mutation<Project, CreateProjectBody>({
      query: (body) => ({ url: '/projects', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...CHANGED] : []),
    }),
    updateProject: build.mutation<Project, { id: string; changes: UpdateProjectBody }>({
      query: ({ id, changes }) => ({ url: `/projects/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: (result, _error, { id }) => (result ? [{ type: 'Project', id }, ...CHANGED] : []),
    }),
    /** DELETE archives: the project is no longer listed or shown (API.md "Projects"). */
    archiveProject: build.mutation<null, string>({
      query: (id) => ({ url: `/projects/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [...CHANGED]),
    }),
  }),
});

export const {
  useBrowseProjectsInfiniteQuery,
  useGetMyProjectsQuery,
  useGetProjectQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useArchiveProjectMutation,
} = projectsApi;
