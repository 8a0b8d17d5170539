import type {
  Connection,
  ConnectionInput,
  ConnectionSecretAnswer,
  ConnectionTest,
  ConnectionUpdate,
  ContactSyncState,
  IntegrationType,
  PipelineConnectionInput,
  SyncDeliveryPage,
  SyncDeliveryRow,
  TagSetConnectionInput,
} from '@grouptrack/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactPath, requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

export type { Connection, ContactSyncState, SyncDeliveryRow };

/** Which deliveries the log shows: all of them, or the dead-letter list (the failed). */
export type DeliveryView = 'all' | 'dead-letter';

/** How often the connections' totals look again: deliveries move on in the background. */
const TOTALS_REFRESH_MS = 5_000;
/** How often an open delivery log looks again, to follow a delivery through its tries. */
const LOG_REFRESH_MS = 3_000;
/** How often a contact's sync state looks again while one of its deliveries is under way, and else. */
const CONTACT_SYNC_BUSY_MS = 3_000;
const CONTACT_SYNC_IDLE_MS = 20_000;

/**
 * The keys of the connections' queries, rooted at the team's (the resync reloads a team by that
 * root). The remote lists stand apart, so a change of a connection does not call the system again;
 * a contact's state sits under the contact, so a change of the contact refreshes it.
 */
export const connectionKeys = {
  all: (teamUID: string) => [...teamKeys.all(teamUID), 'connections'] as const,
  deliveries: (teamUID: string, connectionUID: string, view: DeliveryView) =>
    [...connectionKeys.all(teamUID), connectionUID, 'deliveries', view] as const,
  remote: (teamUID: string, connectionUID: string, what: 'pipelines' | 'tags') =>
    [...teamKeys.all(teamUID), 'connection-remote', connectionUID, what] as const,
  contactSync: (teamUID: string, GTID: string) => [...teamKeys.contact(teamUID, GTID), 'sync'] as const,
};

const connectionPath = (teamUID: string, ...segments: string[]) =>
  teamPath(teamUID, 'connections', ...segments);

/** The team's connections with their links and totals; only owners and admins may read them. */
export function useConnections(teamUID: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: connectionKeys.all(teamUID),
    queryFn: ({ signal }) => requestData<Connection[]>(connectionPath(teamUID), { signal }),
    refetchInterval: TOTALS_REFRESH_MS,
    enabled,
  });
}

/** A mutation of a connection that refreshes the connections (and their logs) when done. */
function useConnectionMutation<TInput, TData>(
  teamUID: string,
  mutationFn: (input: TInput) => Promise<TData>,
  { isPipelineChange = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { isErrorShownInline: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: connectionKeys.all(teamUID) }),
        // Links and mappings live on the pipelines, stages, tag sets and tags as well.
        isPipelineChange && queryClient.invalidateQueries({ queryKey: teamKeys.pipelines(teamUID) }),
      ]),
  });
}

/** Adds a connection; a webhook's signing secret is in this answer only. */
export function useCreateConnection(teamUID: string) {
  return useConnectionMutation(teamUID, (input: ConnectionInput) =>
    requestData<ConnectionSecretAnswer>(connectionPath(teamUID), { method: 'POST', body: input }),
  );
}

/** Changes a connection; a secret left out keeps the stored one. */
export function useUpdateConnection(teamUID: string) {
  return useConnectionMutation(teamUID, ({ id, patch }: { id: string; patch: ConnectionUpdate }) =>
    requestData<Connection>(connectionPath(teamUID, id), { method: 'PUT', body: patch }),
  );
}

export function useDeleteConnection(teamUID: string) {
  return useConnectionMutation(
    teamUID,
    (id: string) => requestData<undefined>(connectionPath(teamUID, id), { method: 'DELETE' }),
    { isPipelineChange: true },
  );
}

/** A new webhook signing secret, shown once. */
export function useRotateSecret(teamUID: string) {
  return useConnectionMutation(teamUID, (id: string) =>
    requestData<ConnectionSecretAnswer>(connectionPath(teamUID, id, 'rotate-secret'), { method: 'POST' }),
  );
}

export interface ConnectionTestInput {
  /** A stored connection whose settings and secrets fill what the form leaves empty. */
  connectionUID?: string;
  type: IntegrationType;
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

/** Calls the system with these credentials and answers what it said; changes nothing. */
export function useTestConnection(teamUID: string) {
  return useMutation({
    mutationFn: (input: ConnectionTestInput) =>
      requestData<ConnectionTest>(connectionPath(teamUID, 'test'), { method: 'POST', body: input }),
    meta: { isErrorShownInline: true },
  });
}

/** Has a pipeline sync to a connection (input) or stop (null). */
export function useLinkPipeline(teamUID: string) {
  return useConnectionMutation(
    teamUID,
    ({ id, pipelineId, input }: { id: string; pipelineId: string; input: PipelineConnectionInput | null }) =>
      requestData<undefined>(connectionPath(teamUID, id, 'pipelines', pipelineId), {
        method: input ? 'PUT' : 'DELETE',
        body: input ?? undefined,
      }),
    { isPipelineChange: true },
  );
}

/** Maps a tag set's tags to the system's (input) or stops (null). */
export function useLinkTagSet(teamUID: string) {
  return useConnectionMutation(
    teamUID,
    ({ id, tagSetId, input }: { id: string; tagSetId: string; input: TagSetConnectionInput | null }) =>
      requestData<undefined>(connectionPath(teamUID, id, 'tag-sets', tagSetId), {
        method: input ? 'PUT' : 'DELETE',
        body: input ?? undefined,
      }),
    { isPipelineChange: true },
  );
}

export interface RemotePipeline {
  id: string;
  name: string;
  stages: { id: string; name: string }[];
}

/** The system's own pipelines and stages, read through its API, to map ours to. */
export function useRemotePipelines(teamUID: string, connectionUID: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: connectionKeys.remote(teamUID, connectionUID, 'pipelines'),
    queryFn: ({ signal }) =>
      requestData<RemotePipeline[]>(connectionPath(teamUID, connectionUID, 'remote-pipelines'), { signal }),
    meta: { isErrorShownInline: true },
    enabled,
  });
}

/** The system's own tags, read through its API, to map ours to. */
export function useRemoteTags(teamUID: string, connectionUID: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: connectionKeys.remote(teamUID, connectionUID, 'tags'),
    queryFn: ({ signal }) =>
      requestData<{ id: string; name: string }[]>(connectionPath(teamUID, connectionUID, 'remote-tags'), {
        signal,
      }),
    meta: { isErrorShownInline: true },
    enabled,
  });
}

/** A connection's delivery log, newest first, a page at a time, followed while it is open. */
export function useDeliveries(teamUID: string, connectionUID: string, view: DeliveryView) {
  return useInfiniteQuery({
    queryKey: connectionKeys.deliveries(teamUID, connectionUID, view),
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams();
      if (view === 'dead-letter') query.set('status', 'dead-letter');
      if (pageParam) query.set('cursor', pageParam);
      const search = query.size > 0 ? `?${query.toString()}` : '';
      return requestData<SyncDeliveryPage>(
        `${connectionPath(teamUID, connectionUID, 'deliveries')}${search}`,
        {
          signal,
        },
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: LOG_REFRESH_MS,
  });
}

/** Sends a dead-lettered delivery (or, with no deliveryId, every one of the connection) again now. */
export function useRetryDeliveries(teamUID: string) {
  return useConnectionMutation(teamUID, ({ id, deliveryId }: { id: string; deliveryId?: string }) =>
    requestData<{ retried: number }>(
      deliveryId
        ? connectionPath(teamUID, id, 'deliveries', deliveryId, 'retry')
        : connectionPath(teamUID, id, 'deliveries', 'retry'),
      { method: 'POST' },
    ),
  );
}

/** Takes a dead-lettered delivery off the list without sending it. */
export function useDiscardDelivery(teamUID: string) {
  return useConnectionMutation(teamUID, ({ id, deliveryId }: { id: string; deliveryId: string }) =>
    requestData<undefined>(connectionPath(teamUID, id, 'deliveries', deliveryId, 'discard'), {
      method: 'POST',
    }),
  );
}

/**
 * A contact's state with each connection, for the contact page. A change of the contact refreshes it
 * before the sync has planned the delivery, so it looks again now and then, and often while a
 * delivery is under way; never for a contact no connection knows.
 */
export function useContactSync(teamUID: string, GTID: string) {
  return useQuery({
    queryKey: connectionKeys.contactSync(teamUID, GTID),
    queryFn: ({ signal }) => requestData<ContactSyncState[]>(contactPath(teamUID, GTID, 'sync'), { signal }),
    refetchInterval: ({ state: { data } }) => {
      if (!data || data.length === 0) return false;
      const isBusy = data.some(
        (state) => state.lastStatus === 'pending' || state.lastStatus === 'delivering',
      );
      return isBusy ? CONTACT_SYNC_BUSY_MS : CONTACT_SYNC_IDLE_MS;
    },
  });
}
