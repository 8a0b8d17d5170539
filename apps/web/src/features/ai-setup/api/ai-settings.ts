import type { AiContext, AiSettings, AiUsage } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** Under `['teams', teamUID, 'ai']`, which an `ai_context` change event refreshes. */
export const aiKeys = {
  all: (teamUID: string) => [...teamKeys.all(teamUID), 'ai'] as const,
  settings: (teamUID: string) => [...aiKeys.all(teamUID), 'settings'] as const,
  usage: (teamUID: string) => [...aiKeys.all(teamUID), 'usage'] as const,
};

/** The team's AI context and my writing style. */
export function useAiSettings(teamUID: string) {
  return useQuery({
    queryKey: aiKeys.settings(teamUID),
    queryFn: ({ signal }) => requestData<AiSettings>(teamPath(teamUID, 'ai', 'settings'), { signal }),
  });
}

/** The team's AI requests and tokens this month against its allowance. */
export function useAiUsage(teamUID: string) {
  return useQuery({
    queryKey: aiKeys.usage(teamUID),
    queryFn: ({ signal }) => requestData<AiUsage>(teamPath(teamUID, 'ai', 'usage'), { signal }),
  });
}

export function useSaveAiContext(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (context: AiContext) =>
      requestData<undefined>(teamPath(teamUID, 'ai', 'context'), { method: 'PUT', body: context }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiKeys.settings(teamUID) }),
  });
}

export function useSaveAiStyle(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: string) =>
      requestData<undefined>(teamPath(teamUID, 'ai', 'style'), { method: 'PUT', body: { profile } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiKeys.settings(teamUID) }),
  });
}
