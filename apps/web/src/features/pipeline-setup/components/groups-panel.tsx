import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { groupIntegrationSchema, readGroupAddress } from '@grouptrack/domain';
import type { GroupIntegration } from '@grouptrack/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage, requestData, teamPath } from '../../../lib/api-client';
import type { Pipeline } from '../../../lib/pipelines';
import { usePipelineMutation } from '../../../lib/pipelines';
import { formatPlatformName } from '../../../lib/platform-names';

export interface GroupsPanelProps {
  teamUID: string;
  pipeline: Pipeline;
  canEdit: boolean;
}

const ADDRESS_HINT =
  'Paste the address of a Facebook group (facebook.com/groups/…) or a Skool community (skool.com/…).';

/** The groups in a pipeline's integrations, each with the one shape the server keeps them in. */
function listGroups(pipeline: Pipeline): GroupIntegration[] {
  return pipeline.integrations.flatMap((entry) => {
    const parsed = groupIntegrationSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

function groupPath(
  teamUID: string,
  pipelineID: string,
  group: Pick<GroupIntegration, 'platform' | 'groupId'>,
) {
  return teamPath(teamUID, 'pipelines', pipelineID, 'groups', group.platform, group.groupId);
}

/**
 * The Facebook groups and Skool communities whose member requests come to this pipeline: connected by
 * pasting the group's address (the extension captures a connected group's requests when its requests
 * page is opened), and disconnected here.
 */
export function GroupsPanel({ teamUID, pipeline, canEdit }: GroupsPanelProps) {
  const groups = listGroups(pipeline);
  const [address, setAddress] = useState('');
  const [name, setName] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const connect = usePipelineMutation(teamUID, (group: { platform: 'facebook' | 'skool'; groupId: string }) =>
    requestData<Pipeline>(groupPath(teamUID, pipeline.groupUID, group), {
      method: 'PUT',
      body: { name: name.trim() === '' ? null : name.trim() },
    }),
  );
  const disconnect = usePipelineMutation(teamUID, (group: GroupIntegration) =>
    requestData<void>(groupPath(teamUID, pipeline.groupUID, group), { method: 'DELETE' }),
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const group = readGroupAddress(address);
    if (!group) {
      setAddressError(ADDRESS_HINT);
      return;
    }
    connect.mutate(group, {
      onSuccess: () => {
        setAddress('');
        setName('');
      },
    });
  }

  return (
    <Stack maw={640}>
      <Text size="sm" c="dimmed">
        People who ask to join these groups come into this pipeline, with their answers, when you open the
        group&apos;s requests page with the GroupTrack extension.
      </Text>
      {groups.length === 0 ? (
        <Text size="sm">No group is connected to this pipeline yet.</Text>
      ) : (
        <List listStyleType="none" spacing="xs" aria-label="Connected groups">
          {groups.map((group) => (
            <List.Item key={`${group.platform}/${group.groupId}`}>
              <Group gap="sm">
                <Text size="sm">
                  {group.name ?? group.groupId} ({formatPlatformName(group.platform)}, {group.groupId})
                </Text>
                {canEdit && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Disconnect ${group.name ?? group.groupId}`}
                    loading={disconnect.isPending && disconnect.variables?.groupId === group.groupId}
                    onClick={() => disconnect.mutate(group)}
                  >
                    Disconnect
                  </Button>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {canEdit && (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="xs">
            <TextInput
              label="Group address"
              placeholder="https://www.facebook.com/groups/…"
              value={address}
              onChange={(event) => {
                setAddress(event.currentTarget.value);
                setAddressError(null);
              }}
              error={addressError}
            />
            <TextInput
              label="Group name"
              description="As people know it; optional"
              maxLength={200}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Button type="submit" loading={connect.isPending} w="fit-content">
              Connect group
            </Button>
          </Stack>
        </form>
      )}
      {(connect.error ?? disconnect.error) != null && (
        <Alert color="red" variant="light" role="alert">
          {formatErrorMessage(connect.error ?? disconnect.error)}
        </Alert>
      )}
    </Stack>
  );
}
