import { Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { ReadOnlyNote, useSetupAccess } from '../../../app/setup-access';
import { useTagReconciliation } from '../api/tag-reconciliation';
import { DuplicateGroupCard } from './duplicate-group-card';
import { useStoredMerges } from '../lib/stored-merges';
import { MergeProgress } from './merge-progress';
import { OrphanedTagsSection } from './orphaned-tags-section';

/** /setup/tags-reconciliation: tags missing from any set, and tags that differ only in case or spaces. */
export function TagReconciliationPage() {
  const { teamUID, canEdit } = useSetupAccess();
  const reconciliation = useTagReconciliation(teamUID);
  const [merges, setMerges] = useStoredMerges(teamUID);
  const [finished, setFinished] = useState<ReadonlySet<string>>(new Set());

  const handleFinished = useCallback(
    (jobId: string) =>
      setFinished((current) => (current.has(jobId) ? current : new Set([...current, jobId]))),
    [],
  );
  const handleClose = useCallback(
    (jobId: string) => setMerges((current) => current.filter((merge) => merge.jobId !== jobId)),
    [setMerges],
  );
  const isMerging = (groupKey: string) =>
    merges.some((merge) => merge.groupKey === groupKey && !finished.has(merge.jobId));

  return (
    <Stack maw={900}>
      <Title order={1}>Tag reconciliation</Title>
      <Text c="dimmed">
        Tidy up tags: merge tags that differ only in capital letters or spaces, and give a home to tag names
        that came in with contacts but are in no tag set.
      </Text>
      {!canEdit && <ReadOnlyNote />}
      {merges.map((merge) => (
        <MergeProgress
          key={merge.jobId}
          teamUID={teamUID}
          merge={merge}
          onFinished={handleFinished}
          onClose={handleClose}
        />
      ))}
      {reconciliation.isPending ? (
        <Loader role="status" aria-label="Loading tags to reconcile" />
      ) : reconciliation.isError ? (
        <QueryError
          title="Couldn't load the tags to reconcile"
          error={reconciliation.error}
          onRetry={() => void reconciliation.refetch()}
          isRetrying={reconciliation.isFetching}
        />
      ) : reconciliation.data.orphanedTags.length === 0 &&
        reconciliation.data.duplicateGroups.length === 0 ? (
        <EmptyState
          title="Nothing to reconcile"
          icon="setup"
          headingLevel={2}
          description="Your tags are tidy: no duplicates and no tags missing from a set."
        />
      ) : (
        <>
          <Stack gap="sm" component="section" aria-labelledby="duplicate-tags-heading">
            <Title order={2} size="h4" id="duplicate-tags-heading">
              Duplicate tags
            </Title>
            {reconciliation.data.duplicateGroups.length === 0 ? (
              <Text size="sm">No two tags share a name.</Text>
            ) : (
              <>
                <Text size="sm" c="dimmed">
                  These tags have the same name apart from capital letters or spaces. Merge them into one, or
                  rename one so they are told apart.
                </Text>
                {reconciliation.data.duplicateGroups.map((group) => (
                  <DuplicateGroupCard
                    key={group.key}
                    teamUID={teamUID}
                    group={group}
                    canEdit={canEdit}
                    isMerging={isMerging(group.key)}
                    onMergeStarted={(merge) => setMerges((current) => [...current, merge])}
                  />
                ))}
              </>
            )}
          </Stack>
          <OrphanedTagsSection
            teamUID={teamUID}
            orphanedTags={reconciliation.data.orphanedTags}
            canEdit={canEdit}
          />
        </>
      )}
    </Stack>
  );
}
