import type { ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { formatAvatarUrl } from '@grouptrack/domain';
import type { SocialPlatform } from '@grouptrack/domain';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import {
  BACK_LABELS,
  RETURN_STATE,
  readListOrigin,
  useListPosition,
  withListOrigin,
  type ListOrigin,
} from '../../../lib/list-origin';
import { usePageTitle } from '../../../lib/page-title';
import { formatPlatformName } from '../../../lib/platform-names';
import { useLoggedUser } from '../../../app/signed-in-user';
import { usePipelines } from '../../../lib/pipelines';
import { MessageDialog } from '../../message-templates';
import { QueueMessageModal } from '../../message-queue';
import type { Contact } from '../api/get-contact';
import { useContact } from '../api/get-contact';
import { formatContactName } from '../lib/contact-fields';
import { ActivityTab } from './activity-tab';
import { DealsTab } from './deals-tab';
import { DeleteContactButton } from './delete-contact-button';
import { MoveStageModal } from './move-stage-modal';
import { NotesTab } from './notes-tab';
import { OverviewTab } from './overview-tab';
import { TasksTab } from './tasks-tab';

const TABS = ['overview', 'notes', 'tasks', 'activity', 'deals'] as const;
type ContactTab = (typeof TABS)[number];
const TAB_LABELS: Record<ContactTab, string> = {
  overview: 'Overview',
  notes: 'Notes',
  tasks: 'Tasks',
  activity: 'Activity',
  deals: 'Deals',
};

function readTab(value: string | undefined): ContactTab {
  return TABS.find((tab) => tab === value) ?? 'overview';
}

export interface ContactPageProps {
  /** What other features show of the contact at the top of its activity (its workflow runs). */
  activityExtra?: (contact: { teamUID: string; GTID: string }) => ReactNode;
}

/** /contact/:GTID/:tab?/:pipelineID?: one contact, live. */
export function ContactPage({ activityExtra }: ContactPageProps = {}) {
  const { GTID = '', tab, pipelineID } = useParams();
  const { currentTeam } = useLoggedUser();
  const teamUID = currentTeam.teamUID;
  const contact = useContact(teamUID, GTID);
  const pipelines = usePipelines(teamUID);
  // The list the contact was opened from, with its filters in its address; a shared link has none
  // and goes back to the pipeline.
  const origin = readListOrigin(useLocation().state);
  const back = {
    to: origin?.url ?? `/contacts/pipeline${pipelineID ? `/${encodeURIComponent(pipelineID)}` : ''}`,
    label: origin ? BACK_LABELS[origin.kind] : 'Back to the pipeline',
  };
  usePageTitle('Contact');

  if (contact.isPending || pipelines.isPending) return <Loader role="status" aria-label="Loading contact" />;
  if (contact.isError && isApiError(contact.error, 404)) {
    return (
      <EmptyState
        title="Contact not found"
        icon="contact"
        description="This contact does not exist, was deleted, or is in a pipeline you cannot see."
      >
        <Anchor component={Link} to={back.to} state={RETURN_STATE}>
          {back.label}
        </Anchor>
      </EmptyState>
    );
  }
  if (contact.isError) {
    return (
      <QueryError
        title="Couldn't load the contact"
        error={contact.error}
        onRetry={() => void contact.refetch()}
        isRetrying={contact.isFetching}
      />
    );
  }
  if (pipelines.isError) {
    return (
      <QueryError
        title="Couldn't load the pipelines"
        error={pipelines.error}
        onRetry={() => void pipelines.refetch()}
        isRetrying={pipelines.isFetching}
      />
    );
  }
  return (
    <ContactView
      teamUID={teamUID}
      contact={contact.data}
      pipelines={pipelines.data.pipelines}
      globalTagSets={pipelines.data.globalTagSets}
      tab={readTab(tab)}
      pipelineID={pipelineID ?? null}
      origin={origin}
      back={back}
      activityExtra={activityExtra}
    />
  );
}

interface ContactViewProps extends ContactPageProps {
  teamUID: string;
  contact: Contact;
  pipelines: Parameters<typeof OverviewTab>[0]['pipelines'];
  globalTagSets: Parameters<typeof OverviewTab>[0]['globalTagSets'];
  tab: ContactTab;
  pipelineID: string | null;
  origin: ListOrigin | null;
  back: { to: string; label: string };
}

function ContactView({
  teamUID,
  contact,
  pipelines,
  globalTagSets,
  tab,
  pipelineID,
  origin,
  back,
  activityExtra,
}: ContactViewProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [isMoving, setIsMoving] = useState(false);
  const [isMessaging, setIsMessaging] = useState(false);
  const [isQueueing, setIsQueueing] = useState(false);
  const name = formatContactName(contact);
  const tabPath = (next: ContactTab, GTID = contact.GTID) =>
    `/contact/${encodeURIComponent(GTID)}/${next}${pipelineID ? `/${encodeURIComponent(pipelineID)}` : ''}`;
  // Every move inside the contact keeps the list it came from, so "Back" still finds it.
  const originState = withListOrigin(null, origin);
  const links = (
    Object.entries(contact.sources) as [SocialPlatform, Contact['sources'][SocialPlatform]][]
  ).filter(([, source]) => source?.url);
  const isComposing = (location.state as { compose?: boolean } | null)?.compose === true;

  return (
    <Stack>
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to={back.to} state={RETURN_STATE} size="sm">
          ← {back.label}
        </Anchor>
        {origin && (
          <ListWalk
            origin={origin}
            GTID={contact.GTID}
            // Walking replaces the entry, so the browser's back button returns to the list too.
            onOpen={(GTID) => void navigate(tabPath(tab, GTID), { replace: true, state: originState })}
          />
        )}
      </Group>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start">
          <Group wrap="nowrap">
            <Avatar
              src={formatAvatarUrl({
                photoURL: contact.photoURL,
                email: contact.emailAddress,
                name,
                size: 150,
              })}
              alt=""
              size={72}
              radius="xl"
            />
            <Stack gap={2}>
              <Title order={1} size="h2">
                {name}
              </Title>
              {(contact.emailAddress || contact.phoneNumber) && (
                <Text size="sm" c="dimmed">
                  {[contact.emailAddress, contact.phoneNumber].filter(Boolean).join(' · ')}
                </Text>
              )}
              {links.length > 0 && (
                <Group gap="sm">
                  {links.map(([platform, source]) => (
                    <Anchor
                      key={platform}
                      href={source?.url ?? undefined}
                      target="_blank"
                      rel="noreferrer"
                      size="sm"
                    >
                      {formatPlatformName(platform)}
                    </Anchor>
                  ))}
                </Group>
              )}
            </Stack>
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={() => setIsMessaging(true)}>
              Message
            </Button>
            <Button variant="default" onClick={() => setIsQueueing(true)}>
              Queue message
            </Button>
            <Button
              variant="default"
              onClick={() => void navigate(tabPath('notes'), { state: { ...originState, compose: true } })}
            >
              Add note
            </Button>
            <Button onClick={() => setIsMoving(true)} disabled={pipelines.length === 0}>
              Move stage
            </Button>
            <DeleteContactButton teamUID={teamUID} GTID={contact.GTID} name={name} backTo={back.to} />
          </Group>
        </Group>
      </Paper>
      <Tabs
        value={tab}
        onChange={(value) => void navigate(tabPath(readTab(value ?? undefined)), { state: originState })}
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((each) => (
            <Tabs.Tab key={each} value={each}>
              {TAB_LABELS[each]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <OverviewTab
            teamUID={teamUID}
            contact={contact}
            pipelines={pipelines}
            globalTagSets={globalTagSets}
          />
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="md">
          <NotesTab teamUID={teamUID} GTID={contact.GTID} isComposing={isComposing} />
        </Tabs.Panel>
        <Tabs.Panel value="tasks" pt="md">
          <TasksTab teamUID={teamUID} GTID={contact.GTID} contactName={name} />
        </Tabs.Panel>
        <Tabs.Panel value="activity" pt="md">
          <Stack>
            {activityExtra?.({ teamUID, GTID: contact.GTID })}
            <ActivityTab teamUID={teamUID} GTID={contact.GTID} pipelines={pipelines} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="deals" pt="md">
          <DealsTab
            teamUID={teamUID}
            GTID={contact.GTID}
            pipelines={pipelines.filter((pipeline) => contact.groupData[pipeline.groupUID])}
          />
        </Tabs.Panel>
      </Tabs>
      {isMessaging && (
        <MessageDialog
          teamUID={teamUID}
          GTID={contact.GTID}
          pipelineId={pipelineID}
          onClose={() => setIsMessaging(false)}
        />
      )}
      {isQueueing && (
        <QueueMessageModal
          teamUID={teamUID}
          contact={contact}
          name={name}
          pipelines={pipelines}
          onClose={() => setIsQueueing(false)}
        />
      )}
      {isMoving && (
        <MoveStageModal
          teamUID={teamUID}
          contact={contact}
          pipelines={pipelines}
          initialPipelineId={pipelineID && contact.groupData[pipelineID] ? pipelineID : null}
          onClose={() => setIsMoving(false)}
        />
      )}
    </Stack>
  );
}

/**
 * Previous and next in the list the contact was opened from, with K and J as in Gmail and Linear, and
 * where this contact stands in it.
 */
function ListWalk({
  origin,
  GTID,
  onOpen,
}: {
  origin: ListOrigin;
  GTID: string;
  onOpen: (GTID: string) => void;
}) {
  const { previous, next, index, total } = useListPosition(origin, GTID);
  useHotkeys([
    ['K', () => previous && onOpen(previous)],
    ['J', () => next && onOpen(next)],
  ]);
  return (
    <Group gap={4} role="group" aria-label="Contacts in the list">
      {index >= 0 && total !== null && (
        <Text size="sm" c="dimmed" mr={4}>
          {(index + 1).toLocaleString()} of {total.toLocaleString()}
        </Text>
      )}
      <Tooltip label="Previous (K)">
        <ActionIcon
          variant="default"
          aria-label="Previous contact"
          disabled={!previous}
          onClick={() => previous && onOpen(previous)}
        >
          ↑
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Next (J)">
        <ActionIcon
          variant="default"
          aria-label="Next contact"
          disabled={!next}
          onClick={() => next && onOpen(next)}
        >
          ↓
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
