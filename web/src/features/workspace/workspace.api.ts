import type {
  CreateSession,
  Milestone,
  Submission,
  SubmissionDecision,
  Workspace,
  WorkspaceSession,
} from '@projectory/contracts';
import { api } from '../../api/api';
import { MY_WORKSPACES_TAG, workspaceTag } from '../../api/tags';
import { followWhileCached } from '../../shared/live';
import { movedMilestones } from './workspace-format';

export type { Milestone, Submission, Workspace, WorkspaceSession };

const base = (matchId: string) => `/workspaces/${encodeURIComponent(matchId)}`;

/** `POST …/milestones` and `PATCH …/milestones/:id`: what the dialog sends (a cleared due date is null). */
export interface MilestoneBody {
  title?: string;
  description?: string;
  dueDate?: string | null;
  position?: number;
}

/** What a change makes stale: this workspace, and the dashboards' list (progress, next due). */
const stale = (matchId: string) => [workspaceTag(matchId), MY_WORKSPACES_TAG];
/** A refused change (409: another tab or the other side changed it first) also asks for the workspace again. */
const staleAfter =
  <R, A extends { matchId: string }>() =>
  (_result: R | undefined, _error: unknown, { matchId }: A) =>
    stale(matchId);

/**
 * A collaboration's workspace (API.md "The collaboration workspace"): its plan, submissions, decisions
 * and sessions. The server answers each change with the one thing it changed, so a change asks for the
 * workspace again; the other participant's changes arrive as `workspace:updated` on the socket, and a
 * status change of the match (completed: read-only) as `match:updated`.
 */
export const workspaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWorkspace: build.query<Workspace, string>({
      query: (matchId) => base(matchId),
      providesTags: (_result, _error, matchId) => [workspaceTag(matchId)],
      async onCacheEntryAdded(matchId, lifecycle) {
        const refresh = () => void lifecycle.dispatch(api.util.invalidateTags([workspaceTag(matchId)]));
        await followWhileCached(lifecycle, {
          on: {
            'workspace:updated': (event) => event.matchId === matchId && refresh(),
            'match:updated': (event) => event.matchId === matchId && refresh(),
          },
          resync: refresh,
          // Not asked again when the socket first connects, though its answer may be older: on a first
          // load the answer (index.html asks it, app/boot-plan.ts) always comes before the socket, which
          // the shell connects once the page has rendered, and a second GET of the whole workspace would
          // follow every load. A change in that second is shown with the next one; a drop resyncs.
          missedAtStart: false,
        });
      },
    }),

    createMilestone: build.mutation<Milestone, { matchId: string; body: MilestoneBody }>({
      query: ({ matchId, body }) => ({ url: `${base(matchId)}/milestones`, method: 'POST', body }),
      invalidatesTags: staleAfter(),
    }),
    updateMilestone: build.mutation<Milestone, { matchId: string; milestoneId: string; body: MilestoneBody }>({
      query: ({ matchId, milestoneId, body }) => ({
        url: `${base(matchId)}/milestones/${encodeURIComponent(milestoneId)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: staleAfter(),
      // A move shows at once; the server's refusal puts the plan back.
      async onQueryStarted({ matchId, milestoneId, body }, { dispatch, queryFulfilled }) {
        if (body.position === undefined || Object.keys(body).length !== 1) return;
        const position = body.position;
        const patch = dispatch(
          workspaceApi.util.updateQueryData('getWorkspace', matchId, (draft) => {
            draft.milestones = movedMilestones(draft.milestones, milestoneId, position);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    deleteMilestone: build.mutation<null, { matchId: string; milestoneId: string }>({
      query: ({ matchId, milestoneId }) => ({
        url: `${base(matchId)}/milestones/${encodeURIComponent(milestoneId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: staleAfter(),
    }),

    submitWork: build.mutation<
      Submission,
      { matchId: string; milestoneId: string; body: { note: string; links: string[]; uploadId?: string } }
    >({
      query: ({ matchId, milestoneId, body }) => ({
        url: `${base(matchId)}/milestones/${encodeURIComponent(milestoneId)}/submissions`,
        method: 'POST',
        body,
      }),
      invalidatesTags: staleAfter(),
    }),
    decideSubmission: build.mutation<
      Submission,
      { matchId: string; submissionId: string; decision: SubmissionDecision; feedback: string }
    >({
      query: ({ matchId, submissionId, decision, feedback }) => ({
        url: `${base(matchId)}/submissions/${encodeURIComponent(submissionId)}`,
        method: 'PATCH',
        body: feedback ? { decision, feedback } : { decision },
      }),
      invalidatesTags: staleAfter(),
    }),

    scheduleSession: build.mutation<WorkspaceSession, { matchId: string; body: CreateSession }>({
      query: ({ matchId, body }) => ({ url: `${base(matchId)}/sessions`, method: 'POST', body }),
      invalidatesTags: staleAfter(),
    }),
    cancelSession: build.mutation<null, { matchId: string; sessionId: string }>({
      query: ({ matchId, sessionId }) => ({
        url: `${base(matchId)}/sessions/${encodeURIComponent(sessionId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: staleAfter(),
    }),
  }),
});

export const {
  useGetWorkspaceQuery,
  useCreateMilestoneMutation,
  useUpdateMilestoneMutation,
  useDeleteMilestoneMutation,
  useSubmitWorkMutation,
  useDecideSubmissionMutation,
  useScheduleSessionMutation,
  useCancelSessionMutation,
} = workspaceApi;
