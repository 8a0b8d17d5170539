import { Button, Divider, Group, Stack } from '@mantine/core';
import type { OnScreenPerson } from '@grouptrack/domain';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { usePipelines } from '../../../lib/pipelines';
import { formatContactName } from '../../contact';
import type { VisibleCoreData } from '../api/core-data';
import { ContactDeals, LastActivity } from './contact-history';
import { ContactNotes } from './contact-notes';
import { ContactTags } from './contact-tags';
import { ContactTasks } from './contact-tasks';
import { QueueMessageModal } from '../../message-queue';
import { MessageComposer } from './message-composer';
import { PersonHeader } from './person-header';
import { PipelinePlaces } from './pipeline-places';
import { SidebarSkeleton } from './sidebar-skeleton';

export interface ContactPanelProps {
  teamUID: string;
  person: OnScreenPerson;
  coreData: VisibleCoreData;
}

/** Someone in GroupTrack whom I may see: where they stand, and what I can do about them from here. */
export function ContactPanel({ teamUID, person, coreData }: ContactPanelProps) {
  const pipelines = usePipelines(teamUID);
  const [isMessageOpen, setIsMessageOpen] = useState(false);
  const [isQueueing, setIsQueueing] = useState(false);
  const { contact } = coreData;
  const name = formatContactName(contact);

  return (
    <Stack gap="sm">
      <PersonHeader
        name={name}
        photoURL={contact.photoURL ?? person.photoURL}
        platform={person.platform}
        username={person.username}
      />
      <Group gap="xs" grow>
        <Button
          size="xs"
          variant={isMessageOpen ? 'filled' : 'light'}
          onClick={() => setIsMessageOpen((open) => !open)}
          aria-expanded={isMessageOpen}
        >
          Message
        </Button>
        <Button
          size="xs"
          variant="light"
          onClick={() => setIsQueueing(true)}
          disabled={!pipelines.data}
          title="Queue a message for the message queue to send at its pace"
        >
          Queue
        </Button>
        <Button
          size="xs"
          variant="default"
          component="a"
          href={`/contact/${encodeURIComponent(contact.GTID)}`}
          target="_blank"
          rel="noopener"
        >
          Open in GroupTrack
        </Button>
      </Group>
      {isQueueing && pipelines.data && (
        <QueueMessageModal
          teamUID={teamUID}
          contact={contact}
          name={name}
          pipelines={pipelines.data.pipelines}
          onClose={() => setIsQueueing(false)}
          linksOpenNewTab
        />
      )}
      {isMessageOpen && (
        <MessageComposer teamUID={teamUID} coreData={coreData} name={name} platform={person.platform} />
      )}
      <Divider />
      {pipelines.isPending ? (
        <SidebarSkeleton label="Loading pipelines" />
      ) : pipelines.isError ? (
        <QueryError
          title="Couldn't load the pipelines"
          error={pipelines.error}
          onRetry={() => void pipelines.refetch()}
          isRetrying={pipelines.isFetching}
        />
      ) : (
        <>
          <PipelinePlaces teamUID={teamUID} coreData={coreData} list={pipelines.data} />
          <ContactTags teamUID={teamUID} coreData={coreData} list={pipelines.data} />
        </>
      )}
      <ContactNotes teamUID={teamUID} coreData={coreData} />
      <ContactTasks teamUID={teamUID} coreData={coreData} />
      <ContactDeals coreData={coreData} />
      <LastActivity coreData={coreData} />
    </Stack>
  );
}
