import type { QueueSettings, QueueSettingsAnswer, QueueStatus, SocialPlatform } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { queueKeys } from './queue-keys';

/**
 * How often a queue's standing is read again while it is on screen: its sends and changes are
 * announced on the team's stream, but its next moment and a pause that ends come with time.
 */
const STATUS_REFRESH_MS = 30_000;

/** The member's settings for their queue on a platform: saved, or the safe defaults. */
export function useQueueSettings(teamUID: string, platform: SocialPlatform) {
  return useQuery({
    queryKey: queueKeys.settings(teamUID, platform),
    queryFn: ({ signal }) =>
      requestData<QueueSettingsAnswer>(teamPath(teamUID, 'queue-settings', platform), { signal }),
  });
}

/** Saves the settings of a platform's queue; the queue's standing (maximum, next moment) is read again. */
export function useSaveQueueSettings(teamUID: string, platform: SocialPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: QueueSettings) =>
      requestData<QueueSettingsAnswer>(teamPath(teamUID, 'queue-settings', platform), {
        method: 'PUT',
        body: settings,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queueKeys.settings(teamUID, platform), saved);
      await queryClient.invalidateQueries({ queryKey: queueKeys.status(teamUID, platform) });
    },
  });
}

/** Where the member's queue on a platform stands: the sentence, today's count, what waits, a pause. */
export function useQueueStatus(teamUID: string, platform: SocialPlatform) {
  return useQuery({
    queryKey: queueKeys.status(teamUID, platform),
    queryFn: ({ signal }) => requestData<QueueStatus>(teamPath(teamUID, 'queue', platform), { signal }),
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** Pauses the queue until resumed (minutes null) or for some minutes, or resumes it; answers its new standing. */
export function usePauseQueue(teamUID: string, platform: SocialPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { resume: true } | { resume: false; minutes: number | null }) =>
      requestData<QueueStatus>(
        teamPath(teamUID, 'queue', platform, change.resume ? 'resume' : 'pause'),
        change.resume ? { method: 'POST' } : { method: 'POST', body: { minutes: change.minutes } },
      ),
    onSuccess: (status) => queryClient.setQueryData(queueKeys.status(teamUID, platform), status),
  });
}
