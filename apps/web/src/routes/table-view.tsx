import { can } from '@grouptrack/domain';
import { Anchor, Group, Select, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { QueryError } from '../components/query-error';
import { useLoggedUser } from '../app/signed-in-user';
import { AddContactButton } from '../features/contact-create';
import { ImportWizard } from '../features/contact-import';
import { ContactFilterBar, hasContactFilters, useContactFilters } from '../features/contact-filters';
import { ContactTable } from '../features/contact-table';
import { NoPipelineAccess, useRefreshContactCount } from '../features/getting-started';
import { usePageTitle } from '../lib/page-title';
import { usePipelines } from '../lib/pipelines';
import { teamKeys } from '../lib/query-keys';

const ALL_CONTACTS = '__all__';

/** /contacts/table/:pipelineID?: contacts as a table. */
export function TableViewRoute() {
  usePageTitle('Table View');
  const { pipelineID } = useParams();
  const navigate = useNavigate();
  const me = useLoggedUser();
  const teamUID = me.currentTeam.teamUID;
  const role = me.currentTeam.role;
  const queryClient = useQueryClient();
  const details = usePipelines(teamUID);
  const filters = useContactFilters();
  const refreshContactCount = useRefreshContactCount(teamUID);

  if (details.isError) {
    return (
      <QueryError
        title="Your pipelines could not be loaded"
        error={details.error}
        onRetry={() => void details.refetch()}
        isRetrying={details.isFetching}
      />
    );
  }
  if (!details.data) return null;

  const pipelineId = pipelineID ?? null;
  const pipeline = details.data.pipelines.find((item) => item.groupUID === pipelineId);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.contactTable(teamUID) });
    refreshContactCount();
  };
  // A member given no pipeline yet has nothing to add to or import into: they are told whom to ask.
  if (details.data.pipelines.length === 0 && !can(role, 'see-all-pipelines')) {
    return <NoPipelineAccess teamUID={teamUID} />;
  }

  const switcher = (
    <Select
      label="Pipeline"
      w={240}
      data={[
        ...(can(role, 'see-all-pipelines') || details.data.pipelines.length === 0
          ? [{ value: ALL_CONTACTS, label: 'All contacts' }]
          : [{ value: ALL_CONTACTS, label: 'All my contacts' }]),
        ...details.data.pipelines.map((item) => ({ value: item.groupUID, label: item.nickName })),
      ]}
      value={pipeline ? pipeline.groupUID : ALL_CONTACTS}
      onChange={(value) => {
        void navigate(value && value !== ALL_CONTACTS ? `/contacts/table/${value}` : '/contacts/table');
      }}
      allowDeselect={false}
    />
  );

  const importWizard = (
    <ImportWizard
      teamUID={teamUID}
      pipelineId={pipeline?.groupUID ?? null}
      details={details.data}
      requiresPipeline={!can(role, 'see-all-pipelines')}
      onFinished={refresh}
    />
  );

  return (
    <Stack gap="md" style={{ minHeight: 0 }}>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end" gap="md">
          <Title order={1} size="h2">
            {pipeline ? pipeline.nickName : 'All contacts'}
          </Title>
          {switcher}
        </Group>
        <Group gap="sm">
          <AddContactButton
            teamUID={teamUID}
            preset={{ pipelineId: pipeline?.groupUID ?? null }}
            onCreated={refresh}
          >
            New contact
          </AddContactButton>
          {importWizard}
        </Group>
      </Group>
      {(pipelineId === null || pipeline) && (
        <ContactFilterBar
          teamUID={teamUID}
          pipelineId={pipelineId}
          value={{ filter: filters.filter, text: filters.text }}
          onChange={filters.set}
        />
      )}
      {pipelineId !== null && !pipeline ? (
        <EmptyState
          title="This pipeline is not available"
          icon="contacts"
          description="It was deleted, or you do not have access to it. Choose another pipeline above, or ask a team admin for access."
        >
          <Anchor component={Link} to="/contacts/table">
            Show all contacts
          </Anchor>
        </EmptyState>
      ) : (
        <ContactTable
          key={pipelineId ?? ALL_CONTACTS}
          teamUID={teamUID}
          pipelineId={pipelineId}
          details={details.data}
          filter={filters.filter}
          searchText={filters.text}
          canDelete={can(role, 'see-all-pipelines')}
          emptyAction={
            hasContactFilters(filters) ? (
              <EmptyState
                title="No contacts match these filters"
                icon="contacts"
                headingLevel={2}
                description="Change or clear the filters above to see more contacts."
              />
            ) : (
              <EmptyState
                title={pipeline ? `No contacts in ${pipeline.nickName} yet` : 'No contacts yet'}
                icon="contacts"
                headingLevel={2}
                description="Add the first person here, import a CSV file with Import CSV above, or add people from their profiles with the GroupTrack extension."
              >
                <AddContactButton
                  teamUID={teamUID}
                  preset={{ pipelineId: pipeline?.groupUID ?? null }}
                  onCreated={refresh}
                  variant="light"
                >
                  Add contact
                </AddContactButton>
              </EmptyState>
            )
          }
        />
      )}
    </Stack>
  );
}
