import { DEFAULT_TAG_SET_COLOR, type TagSet } from '@grouptrack/domain';
import { requestData, teamPath } from '../../../lib/api-client';
import { usePipelineMutation } from '../../../lib/pipelines';

/** Creates a tag set: global when pipelineId is null. */
export function createTagSet(
  teamUID: string,
  input: { name: string; color?: string; pipelineId: string | null },
) {
  return requestData<TagSet>(teamPath(teamUID, 'tag-sets'), {
    method: 'POST',
    body: { ...input, color: input.color ?? DEFAULT_TAG_SET_COLOR },
  });
}

/** The mutations of tag sets and tags; each refetches the pipelines list, which carries every tag set. */
export function useTagSetMutations(teamUID: string) {
  return {
    createTagSet: usePipelineMutation(
      teamUID,
      (input: { name: string; color?: string; pipelineId: string | null }) => createTagSet(teamUID, input),
    ),
    updateTagSet: usePipelineMutation(
      teamUID,
      ({ id, ...patch }: { id: string; name?: string; color?: string }) =>
        requestData<undefined>(teamPath(teamUID, 'tag-sets', id), {
          method: 'PATCH',
          body: patch,
        }),
    ),
    deleteTagSet: usePipelineMutation(teamUID, (id: string) =>
      requestData<undefined>(teamPath(teamUID, 'tag-sets', id), { method: 'DELETE' }),
    ),
    createTag: usePipelineMutation(
      teamUID,
      ({ tagSetId, ...body }: { tagSetId: string; name: string; color?: string }) =>
        requestData<{ tagUID: string }>(teamPath(teamUID, 'tag-sets', tagSetId, 'tags'), {
          method: 'POST',
          body,
        }),
    ),
    updateTag: usePipelineMutation(
      teamUID,
      ({ id, ...patch }: { id: string; name?: string; color?: string }) =>
        requestData<undefined>(teamPath(teamUID, 'tags', id), {
          method: 'PATCH',
          body: patch,
        }),
    ),
    deleteTag: usePipelineMutation(teamUID, (id: string) =>
      requestData<undefined>(teamPath(teamUID, 'tags', id), { method: 'DELETE' }),
    ),
  };
}
