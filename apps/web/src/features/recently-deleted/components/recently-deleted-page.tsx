import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can } from '@grouptrack/domain';
import { useLoggedUser } from '../../../app/signed-in-user';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { formatRelativeTime } from '../../../lib/format';
import { useDeletions, useRestoreDeletion, type Deletion } from '../api/deletions';

const DAY_MS = 24 * 3600_000;

/** What an entry deleted, in words: "Ada Lovelace", "Ada Lovelace and 2 others", "Pipeline Leads". */
export function describeDeletion(deletion: Pick<Deletion, 'kind' | 'count' | 'names'>): string {
  if (deletion.kind === 'pipeline') return `Pipeline ${deletion.names[0] ?? ''}`;
  const [first = 'A contact'] = deletion.names;
  const others = deletion.count - 1;
  return others <= 0 ? first : `${first} and ${others} other${others === 1 ? '' : 's'}`;
}

function daysLeft(purgeAt: string, now = Date.now()): string {
  const days = Math.max(0, Math.ceil((new Date(purgeAt).getTime() - now) / DAY_MS));
  return days === 1 ? '1 day' : `${days} days`;
}

/** /contacts/deleted: contacts and pipelines deleted in the last 30 days, each action restorable as one. */
export function RecentlyDeletedPage() {
  const { currentTeam } = useLoggedUser();
  const { teamUID } = currentTeam;
  const mayRestore = can(currentTeam.role, 'see-all-pipelines');

  return (
    <Stack maw={960}>
      <Title order={1}>Recently deleted</Title>
      <Text c="dimmed">
        Deleted contacts and pipelines stay here for 30 days. Restoring brings back everything one deletion
        took, onto the boards where it was.
      </Text>
      {mayRestore ? (
        <DeletionList teamUID={teamUID} />
      ) : (
        <Alert variant="light" color="gray" title="Owners and admins only">
          Only the team owner or an admin can see and restore what was deleted.
        </Alert>
      )}
    </Stack>
  );
}

function DeletionList({ teamUID }: { teamUID: string }) {
  const deletions = useDeletions(teamUID);
  const restore = useRestoreDeletion(teamUID);

  function handleRestore(deletion: Deletion) {
    restore.mutate(deletion.deletionUID, {
      onSuccess: () => notifications.show({ message: `Restored ${describeDeletion(deletion)}.` }),
      onError: (error) =>
        notifications.show({ color: 'red', message: `Couldn't restore: ${formatErrorMessage(error)}` }),
    });
  }

  if (deletions.isPending) return <Loader role="status" aria-label="Loading recently deleted" />;
  if (deletions.isError)
    return (
      <QueryError
        title="Couldn't load what was deleted"
        error={deletions.error}
        onRetry={() => void deletions.refetch()}
        isRetrying={deletions.isFetching}
      />
    );
  const items = deletions.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Text c="dimmed">Nothing was deleted in the last 30 days.</Text>;

  return (
    <Stack>
      <Table striped highlightOnHover aria-label="Recently deleted">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Deleted</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>Kept for</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((deletion) => {
            const what = describeDeletion(deletion);
            return (
              <Table.Tr key={deletion.deletionUID}>
                <Table.Td>
                  <Text fw={500}>{what}</Text>
                  {deletion.kind === 'pipeline' && deletion.count > 0 && (
                    <Text size="sm" c="dimmed">
                      {deletion.count === 1 ? '1 contact was' : `${deletion.count} contacts were`} in it
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{deletion.deletedBy.name ?? 'Someone'}</Table.Td>
                <Table.Td title={new Date(deletion.deletedAt).toLocaleString()}>
                  {formatRelativeTime(deletion.deletedAt)}
                </Table.Td>
                <Table.Td>{daysLeft(deletion.purgeAt)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Restore ${what}`}
                    loading={restore.isPending && restore.variables === deletion.deletionUID}
                    onClick={() => handleRestore(deletion)}
                  >
                    Restore
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {deletions.hasNextPage && (
        <Group>
          <Button
            variant="default"
            loading={deletions.isFetchingNextPage}
            onClick={() => void deletions.fetchNextPage()}
          >
            Show more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
