import type { Pipeline } from '@projectory/contracts';
import { api } from '../../api/api';
import { PIPELINE_TAG } from '../../api/tags';

export type { Pipeline };

export interface PipelineArgs {
  /** One of the employer's projects; empty for all of them. */
  projectId: string;
  weeks: number;
}

/** GET /api/employers/me/pipeline: the funnel, the invitation acceptance rate, the response time, weekly series. */
export const pipelineApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPipeline: build.query<Pipeline, PipelineArgs>({
      query: ({ projectId, weeks }) => ({
        url: '/employers/me/pipeline',
        params: projectId ? { projectId, weeks } : { weeks },
      }),
      // Applications and decisions move it; an invitation sent or answered invalidates PIPELINE_TAG.
      providesTags: [PIPELINE_TAG, 'Dashboard'],
    }),
  }),
});

export const { useGetPipelineQuery } = pipelineApi;
