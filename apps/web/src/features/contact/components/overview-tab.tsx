import { Alert, Grid, MultiSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { formatErrorMessage } from '../../../lib/api-client';
import type { Pipeline, TagSet } from '../../../lib/pipelines';
import type { Contact } from '../api/get-contact';
import { useMoveContactStage, useToggleContactTag, useUpdateContact } from '../api/get-contact';
import { EditableField } from './editable-field';
import { SourcesSection } from './sources-section';
import { StatusLabelField } from './status-label-field';

export interface OverviewTabProps {
  teamUID: string;
  contact: Contact;
  pipelines: readonly Pipeline[];
  globalTagSets: readonly TagSet[];
}

/** The contact's fields, sources, per-pipeline stage, tags and answers, and global tags, editable in place. */
export function OverviewTab({ teamUID, contact, pipelines, globalTagSets }: OverviewTabProps) {
  const update = useUpdateContact(teamUID, contact.GTID);
  const toggleTag = useToggleContactTag(teamUID, contact.GTID);
  const memberOf = pipelines.filter((pipeline) => contact.groupData[pipeline.groupUID]);

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="contact-details-heading">
            <Title order={2} size="h4" id="contact-details-heading" mb="sm">
              Details
            </Title>
            <Stack gap="sm">
              <EditableField
                field="firstName"
                label="First name"
                value={contact.firstName}
                onSave={(value) => update.mutateAsync({ firstName: value ?? '' })}
              />
              <EditableField
                field="lastName"
                label="Last name"
                value={contact.lastName}
                onSave={(value) => update.mutateAsync({ lastName: value ?? '' })}
              />
              <EditableField
                field="emailAddress"
                label="Email"
                type="email"
                value={contact.emailAddress}
                onSave={(value) => update.mutateAsync({ emailAddress: value })}
              />
              <EditableField
                field="phoneNumber"
                label="Phone"
                type="tel"
                value={contact.phoneNumber}
                onSave={(value) => update.mutateAsync({ phoneNumber: value })}
              />
              <StatusLabelField teamUID={teamUID} contact={contact} />
            </Stack>
          </Paper>
          <SourcesSection teamUID={teamUID} contact={contact} />
          <Paper
            withBorder
            p="md"
            radius="md"
            component="section"
            aria-labelledby="contact-global-tags-heading"
          >
            <Title order={2} size="h4" id="contact-global-tags-heading" mb="sm">
              Global tags
            </Title>
            <TagSetPickers
              tagSets={globalTagSets}
              selected={contact.globalTagSets}
              onToggle={(tagId, isAdding) => toggleTag.mutate({ tagId, isAdding })}
              emptyText="The team has no global tag sets yet. Owners and admins add them on the Tags setup page."
            />
          </Paper>
          {toggleTag.error != null && (
            <Alert color="red" variant="light" role="alert">
              The tag was not changed: {formatErrorMessage(toggleTag.error)}
            </Alert>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack>
          {memberOf.length === 0 && (
            <Text c="dimmed" size="sm">
              This contact is in none of the pipelines you can see.
            </Text>
          )}
          {memberOf.map((pipeline) => (
            <PipelineSection
              key={pipeline.groupUID}
              teamUID={teamUID}
              contact={contact}
              pipeline={pipeline}
              onToggleTag={(tagId, isAdding) => toggleTag.mutate({ tagId, isAdding })}
            />
          ))}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

interface PipelineSectionProps {
  teamUID: string;
  contact: Contact;
  pipeline: Pipeline;
  onToggleTag: (tagId: string, isAdding: boolean) => void;
}

function PipelineSection({ teamUID, contact, pipeline, onToggleTag }: PipelineSectionProps) {
  const move = useMoveContactStage(teamUID, contact.GTID);
  const data = contact.groupData[pipeline.groupUID];
  if (!data) return null;
  const headingId = `pipeline-${pipeline.groupUID}-heading`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {pipeline.nickName}
        </Title>
        <Select
          label={`Stage in ${pipeline.nickName}`}
          data={pipeline.stages.map((stage) => ({ value: stage.stageUID, label: stage.name }))}
          value={move.isPending ? move.variables.stageId : data.stage}
          allowDeselect={false}
          onChange={(stageId) =>
            stageId && stageId !== data.stage && move.mutate({ pipelineId: pipeline.groupUID, stageId })
          }
          error={move.error ? formatErrorMessage(move.error) : null}
          maw={320}
        />
        <TagSetPickers
          tagSets={pipeline.tagSets}
          selected={data.tagSets}
          onToggle={onToggleTag}
          emptyText="This pipeline has no tag sets."
        />
        <div>
          <Text size="sm" fw={600}>
            Membership questions
          </Text>
          {data.questions && data.questions.length > 0 ? (
            <Stack gap={6} mt={4} component="dl" style={{ margin: 0 }}>
              {data.questions.map((entry, index) => (
                <div key={index}>
                  <Text component="dt" size="sm" c="dimmed">
                    {entry.question}
                  </Text>
                  <Text component="dd" size="sm" ml={0}>
                    {entry.answer || '(no answer)'}
                  </Text>
                </div>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              No answers recorded.
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

interface TagSetPickersProps {
  tagSets: readonly TagSet[];
  selected: Record<string, string[]>;
  onToggle: (tagId: string, isAdding: boolean) => void;
  emptyText: string;
}

function TagSetPickers({ tagSets, selected, onToggle, emptyText }: TagSetPickersProps) {
  if (tagSets.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {tagSets.map((set) => {
        const current = selected[set.tagSetUID] ?? [];
        return (
          <MultiSelect
            key={set.tagSetUID}
            label={set.name}
            placeholder={set.tags.length === 0 ? 'No tags in this set' : 'Add a tag'}
            data={set.tags.map((tag) => ({ value: tag.tagUID, label: tag.name }))}
            value={current}
            searchable
            onChange={(next) => {
              for (const tagId of next) if (!current.includes(tagId)) onToggle(tagId, true);
              for (const tagId of current) if (!next.includes(tagId)) onToggle(tagId, false);
            }}
          />
        );
      })}
    </Stack>
  );
}
