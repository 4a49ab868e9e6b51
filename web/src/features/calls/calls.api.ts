import type { IceServersResponse } from '@projectory/contracts';
import { api } from '../../api/api';

export type { IceServersResponse };

export const callsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** STUN/TURN for one call; TURN credentials expire, so each call asks afresh. */
    getIceServers: build.query<IceServersResponse, undefined>({
      query: () => '/calls/ice-servers',
      keepUnusedDataFor: 0,
    }),
  }),
});
