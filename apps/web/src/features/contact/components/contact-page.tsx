import { Anchor, Avatar, Button, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { formatAvatarUrl } from '@grouptrack/domain';
import type { SocialPlatform } from '@grouptrack/domain';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { formatPlatformName } from '../../../lib/platform-names';
import { useLoggedUser } from '../../../app/signed-in-user';
import { usePipelines } from '../../../lib/pipelines';
import type { Contact } from '../api/get-contact';
import { useContact } from '../api/get-contact';
import { formatContactName } from '../lib/contact-fields';
import { ActivityTab } from './activity-tab';
import { DealsTab } from './deals-tab';
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

/** /contact/:GTID/:tab?/:pipelineID?: one contact, live. */
export function ContactPage() {
  const { GTID = '', tab, pipelineID } = useParams();
  const { currentTeam } = useLoggedUser();
  const teamUID = currentTeam.teamUID;
  const contact = useContact(teamUID, GTID);
  const pipelines = usePipelines(teamUID);
  const backTo = `/contacts/pipeline${pipelineID ? `/${pipelineID}` : ''}`;
  usePageTitle('Contact');

  if (contact.isPending || pipelines.isPending) return <Loader role="status" aria-label="Loading contact" />;
  if (contact.isError && isApiError(contact.error, 404)) {
    return (
      <EmptyState
        title="Contact not found"
        icon="contact"
        description="This contact does not exist, was deleted, or is in a pipeline you cannot see."
      >
        <Anchor component={Link} to={backTo}>
          Back to the pipeline
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
      backTo={backTo}
    />
  );
}

interface ContactViewProps {
  teamUID: string;
  contact: Contact;
  pipelines: Parameters<typeof OverviewTab>[0]['pipelines'];
  globalTagSets: Parameters<typeof OverviewTab>[0]['globalTagSets'];
  tab: ContactTab;
  pipelineID: string | null;
  backTo: string;
}

function ContactView({
  teamUID,
  contact,
  pipelines,
  globalTagSets,
  tab,
  pipelineID,
  backTo,
}: ContactViewProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [isMoving, setIsMoving] = useState(false);
  const name = formatContactName(contact);
  const tabPath = (next: ContactTab) =>
    `/contact/${encodeURIComponent(contact.GTID)}/${next}${pipelineID ? `/${encodeURIComponent(pipelineID)}` : ''}`;
  const links = (
    Object.entries(contact.sources) as [SocialPlatform, Contact['sources'][SocialPlatform]][]
  ).filter(([, source]) => source?.url);
  const isComposing = (location.state as { compose?: boolean } | null)?.compose === true;

  return (
    <Stack>
      <Anchor component={Link} to={backTo} size="sm">
        ← Back to the pipeline
      </Anchor>
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
            <Button
              variant="default"
              onClick={() => void navigate(tabPath('notes'), { state: { compose: true } })}
            >
              Add note
            </Button>
            <Button onClick={() => setIsMoving(true)} disabled={pipelines.length === 0}>
              Move stage
            </Button>
          </Group>
        </Group>
      </Paper>
      <Tabs
        value={tab}
        onChange={(value) => void navigate(tabPath(readTab(value ?? undefined)))}
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
          <ActivityTab teamUID={teamUID} GTID={contact.GTID} pipelines={pipelines} />
        </Tabs.Panel>
        <Tabs.Panel value="deals" pt="md">
          <DealsTab
            teamUID={teamUID}
            GTID={contact.GTID}
            pipelines={pipelines.filter((pipeline) => contact.groupData[pipeline.groupUID])}
          />
        </Tabs.Panel>
      </Tabs>
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
