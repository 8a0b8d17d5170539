import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';

/** The pack the extension gets for one platform, and where it comes from. */
export interface ServedSelectorPack {
  platform: string;
  version: number;
  /** Bundled with the extension, or published by an operator. */
  source: 'default' | 'operator';
  publishedAt: string | null;
}

/** A pack an operator published. */
export interface PublishedSelectorPack {
  platform: string;
  version: number;
  createdByUid: string | null;
  createdAt: string;
}

export interface SelectorPacksOverview {
  current: ServedSelectorPack[];
  published: PublishedSelectorPack[];
}

/** A selector that found nothing on a page, as the extension reported it. */
export interface SelectorMiss {
  platform: string;
  pageKind: string;
  selectorId: string;
  extensionVersion: string;
  count: number;
  firstSeenAt: string;
  lastSeenAt: string;
}

export const selectorPacksQueryKey = ['admin', 'selector-packs'] as const;
export const selectorMissesQueryKey = ['admin', 'selector-misses'] as const;

export function useSelectorPacks() {
  return useQuery({
    queryKey: selectorPacksQueryKey,
    queryFn: ({ signal }) => requestData<SelectorPacksOverview>('/api/v1/admin/selector-packs', { signal }),
  });
}

/** Publishes a pack (its JSON, parsed); the server refuses an invalid one or one not newer than served. */
export function publishSelectorPack(pack: unknown): Promise<{ platform: string; version: number }> {
  return requestData('/api/v1/admin/selector-packs', { method: 'POST', body: pack });
}

export function usePublishSelectorPack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishSelectorPack,
    // The form shows why a pack was refused, beside it.
    meta: { isErrorShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selectorPacksQueryKey }),
  });
}

/** The misses, last seen first (super permission). */
export function useSelectorMisses(limit: number) {
  return useQuery({
    queryKey: [...selectorMissesQueryKey, limit],
    queryFn: ({ signal }) =>
      requestData<SelectorMiss[]>(`/api/v1/admin/selector-misses?limit=${limit}`, { signal }),
  });
}
