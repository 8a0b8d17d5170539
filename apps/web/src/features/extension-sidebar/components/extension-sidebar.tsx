import { Alert, Stack, Text } from '@mantine/core';
import type { OnScreenPerson } from '@grouptrack/domain';
import { useState } from 'react';
import { useLoggedUser } from '../../../app/signed-in-user';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { buildCoreDataQuery, useCoreData } from '../api/core-data';
import { formatPersonKey, formatPersonName } from '../lib/person';
import { useOnScreenPerson } from '../lib/use-content-script';
import { AddPersonForm } from './add-person-form';
import { GroupReview } from './group-review';
import { ContactPanel } from './contact-panel';
import { PersonHeader } from './person-header';
import { SidebarSkeleton } from './sidebar-skeleton';

/** The server's words for someone in GroupTrack only in pipelines I cannot see. */
const HIDDEN_CONTACT = 'This person is already in GroupTrack, in a pipeline you cannot see.';

/**
 * The extension's sidebar beside a social page: the person on screen as GroupTrack knows them,
 * following them as the user moves around the site.
 */
export function ExtensionSidebar() {
  const { person, pageKind, platform, groupId } = useOnScreenPerson();
  if (!person && pageKind === 'member-requests' && platform !== null && groupId !== null) {
    return <GroupReview platform={platform} groupId={groupId} />;
  }
  if (!person) {
    return (
      <Text size="sm" c="dimmed">
        Open a profile, a conversation or a member request to see the person here.
      </Text>
    );
  }
  // Another person starts afresh: no half-typed note or picked stage carries over.
  return <PersonView key={formatPersonKey(person)} person={person} />;
}

function PersonView({ person }: { person: OnScreenPerson }) {
  const teamUID = useLoggedUser().currentTeam.teamUID;
  const coreData = useCoreData(teamUID, buildCoreDataQuery(person));
  const [photoError, setPhotoError] = useState<string | null>(null);
  const header = (
    <PersonHeader
      name={formatPersonName(person)}
      photoURL={person.photoURL}
      platform={person.platform}
      username={person.username}
    />
  );

  if (coreData.isPending) return <SidebarSkeleton label="Looking them up in GroupTrack" />;
  if (coreData.isError && !coreData.data) {
    return (
      <Stack gap="sm">
        {header}
        <QueryError
          title="Couldn't look them up in GroupTrack"
          error={coreData.error}
          onRetry={() => void coreData.refetch()}
          isRetrying={coreData.isFetching}
        />
      </Stack>
    );
  }

  const data = coreData.data;
  return (
    <Stack gap="sm">
      {coreData.isError && (
        <Alert color="red" variant="light" role="alert" p="xs" title="Couldn't refresh">
          {formatErrorMessage(coreData.error)}
        </Alert>
      )}
      {photoError && (
        <Text size="xs" c="dimmed" role="status">
          Added. Their photo could not be kept: {photoError}
        </Text>
      )}
      {!data.found ? (
        <Stack gap="sm">
          {header}
          <AddPersonForm teamUID={teamUID} person={person} onAdded={setPhotoError} />
        </Stack>
      ) : data.hidden ? (
        <Stack gap="sm">
          {header}
          <Alert color="gray" variant="light" p="xs">
            {HIDDEN_CONTACT}
          </Alert>
        </Stack>
      ) : (
        <ContactPanel teamUID={teamUID} person={person} coreData={data} />
      )}
    </Stack>
  );
}
