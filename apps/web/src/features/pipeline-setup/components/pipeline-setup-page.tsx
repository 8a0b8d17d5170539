import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  NavLink,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { TagSetList } from '../../tag-setup';
import type { Pipeline } from '../../../lib/pipelines';
import { deletePipeline, updatePipeline, usePipelines, usePipelineMutation } from '../../../lib/pipelines';
import { CreatePipelineModal } from './create-pipeline-modal';
import { DeletePipelineModal } from './delete-pipeline-modal';
import { GroupsPanel } from './groups-panel';
import { QuestionsPanel } from './questions-panel';
import { RulesPanel } from './rules-panel';
import { ReadOnlyNote, useSetupAccess } from '../../../app/setup-access';
import { StagesPanel } from './stages-panel';

const TABS = ['stages', 'tag-sets', 'questions', 'groups', 'rules'] as const;
type SetupTab = (typeof TABS)[number];

const TAB_LABELS: Record<SetupTab, string> = {
  stages: 'Stages',
  'tag-sets': 'Tag sets',
  questions: 'Membership questions',
  groups: 'Groups',
  rules: 'Rules',
};

function readTab(value: string | undefined): SetupTab {
  return TABS.find((tab) => tab === value) ?? 'stages';
}

/** /setup/pipelines/:pipelineID?/:tab?: the pipelines, and one pipeline's stages, tag sets, questions, groups and rules. */
export function PipelineSetupPage() {
  const { teamUID, canEdit } = useSetupAccess();
  const { pipelineID, tab } = useParams();
  const navigate = useNavigate();
  const list = usePipelines(teamUID);
  const [isCreating, setIsCreating] = useState(false);

  if (list.isPending) return <Loader role="status" aria-label="Loading pipelines" />;
  if (list.isError) {
    return (
      <QueryError
        title="Couldn't load the pipelines"
        error={list.error}
        onRetry={() => void list.refetch()}
        isRetrying={list.isFetching}
      />
    );
  }
  const { pipelines } = list.data;
  const selected =
    pipelines.find((pipeline) => pipeline.groupUID === pipelineID) ?? (pipelineID ? undefined : pipelines[0]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Pipelines</Title>
        {canEdit && <Button onClick={() => setIsCreating(true)}>New pipeline</Button>}
      </Group>
      {!canEdit && <ReadOnlyNote />}
      {pipelines.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text>
            No pipelines yet.{' '}
            {canEdit
              ? 'Create one with its stages to start placing contacts.'
              : 'An owner or admin can create one.'}
          </Text>
        </Paper>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <nav aria-label="Pipelines">
              {pipelines.map((pipeline) => (
                <NavLink
                  key={pipeline.groupUID}
                  component={Link}
                  to={`/setup/pipelines/${pipeline.groupUID}/${readTab(tab)}`}
                  label={pipeline.nickName}
                  active={pipeline.groupUID === selected?.groupUID}
                  rightSection={pipeline.isDefault ? <Badge size="xs">Default</Badge> : null}
                />
              ))}
              <NavLink component={Link} to="/setup/pipelines-order" label="Order and default…" c="dimmed" />
            </nav>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {selected ? (
              <PipelineDetails
                key={selected.groupUID}
                teamUID={teamUID}
                pipeline={selected}
                pipelines={pipelines}
                canEdit={canEdit}
                tab={readTab(tab)}
                onTabChange={(next) => void navigate(`/setup/pipelines/${selected.groupUID}/${next}`)}
                onDeleted={() => void navigate('/setup/pipelines', { replace: true })}
              />
            ) : (
              <Alert color="yellow" title="Pipeline not found">
                This pipeline does not exist or you cannot see it.{' '}
                <Link to="/setup/pipelines">Show all pipelines</Link>
              </Alert>
            )}
          </Grid.Col>
        </Grid>
      )}
      {isCreating && (
        <CreatePipelineModal
          teamUID={teamUID}
          existingNames={pipelines.map((pipeline) => pipeline.nickName)}
          onClose={() => setIsCreating(false)}
          onCreated={(pipeline) => {
            setIsCreating(false);
            void navigate(`/setup/pipelines/${pipeline.groupUID}/stages`);
          }}
        />
      )}
    </Stack>
  );
}

interface PipelineDetailsProps {
  teamUID: string;
  pipeline: Pipeline;
  pipelines: readonly Pipeline[];
  canEdit: boolean;
  tab: SetupTab;
  onTabChange: (tab: SetupTab) => void;
  onDeleted: () => void;
}

function PipelineDetails({
  teamUID,
  pipeline,
  pipelines,
  canEdit,
  tab,
  onTabChange,
  onDeleted,
}: PipelineDetailsProps) {
  const [name, setName] = useState(pipeline.nickName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const rename = usePipelineMutation(teamUID, (nickName: string) =>
    updatePipeline(teamUID, pipeline.groupUID, { nickName }),
  );
  const remove = usePipelineMutation(teamUID, () => deletePipeline(teamUID, pipeline.groupUID));

  function handleRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError('Enter a name');
    if (
      pipelines.some(
        (other) =>
          other.groupUID !== pipeline.groupUID &&
          other.nickName.trim().toLowerCase() === trimmed.toLowerCase(),
      )
    )
      return setNameError(`A pipeline named "${trimmed}" already exists`);
    setNameError(null);
    rename.mutate(trimmed);
  }

  return (
    <Stack>
      {canEdit ? (
        <form onSubmit={handleRename} noValidate>
          <Group align="flex-start">
            <TextInput
              label="Pipeline name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError ?? (rename.error ? formatErrorMessage(rename.error) : null)}
            />
            <Button
              type="submit"
              mt={25}
              variant="default"
              loading={rename.isPending}
              disabled={name.trim() === pipeline.nickName}
            >
              Rename
            </Button>
            <Button mt={25} color="red" variant="subtle" onClick={() => setIsDeleting(true)}>
              Delete pipeline
            </Button>
          </Group>
        </form>
      ) : (
        <Title order={2}>{pipeline.nickName}</Title>
      )}
      <Tabs value={tab} onChange={(value) => onTabChange(readTab(value ?? undefined))}>
        <Tabs.List>
          {TABS.map((each) => (
            <Tabs.Tab key={each} value={each}>
              {TAB_LABELS[each]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="stages" pt="md">
          <StagesPanel teamUID={teamUID} pipeline={pipeline} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="tag-sets" pt="md">
          <TagSetList
            teamUID={teamUID}
            tagSets={pipeline.tagSets}
            pipelineId={pipeline.groupUID}
            canEdit={canEdit}
          />
        </Tabs.Panel>
        <Tabs.Panel value="questions" pt="md">
          <QuestionsPanel teamUID={teamUID} pipeline={pipeline} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="md">
          <GroupsPanel teamUID={teamUID} pipeline={pipeline} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="rules" pt="md">
          <RulesPanel teamUID={teamUID} pipeline={pipeline} canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
      <DeletePipelineModal
        teamUID={teamUID}
        pipeline={pipeline}
        opened={isDeleting}
        onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
        onClose={() => setIsDeleting(false)}
        isPending={remove.isPending}
        error={remove.error}
      />
    </Stack>
  );
}
