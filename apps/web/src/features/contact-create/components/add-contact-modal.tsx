import { can, isSocialPlatform, SOCIAL_PLATFORMS, type ContactMatch } from '@grouptrack/domain';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMemo, useState, type FormEvent } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { useLoggedUser } from '../../../app/signed-in-user';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage, isApiError } from '../../../lib/api-client';
import { formatPlatformName } from '../../../lib/platform-names';
import { usePipelines, type Pipeline, type PipelineList } from '../../../lib/pipelines';
import { useContactMatches, useCreateContact } from '../api/contacts';
import {
  describeProfile,
  fieldOfServerMessage,
  matchQueryOf,
  readProfileField,
  validateContactForm,
  type ContactFormErrors,
  type ContactFormValues,
} from '../lib/contact-form';
import type { AddContactOptions, AddContactPreset } from './use-add-contact';

const MATCH_DEBOUNCE_MS = 300;
const NO_PIPELINE = '';

export interface AddContactModalProps extends AddContactOptions {
  teamUID: string;
  preset: AddContactPreset;
  onClose: () => void;
}

/** The "Add contact" form in a modal; the pipelines load first (they are usually cached). */
export default function AddContactModal({ teamUID, preset, onCreated, onClose }: AddContactModalProps) {
  const pipelines = usePipelines(teamUID);
  return (
    <Modal
      opened
      onClose={onClose}
      title="Add contact"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {pipelines.data ? (
        <AddContactForm
          teamUID={teamUID}
          preset={preset}
          details={pipelines.data}
          onCreated={onCreated}
          onClose={onClose}
        />
      ) : pipelines.isError ? (
        <QueryError
          title="Your pipelines could not be loaded"
          error={pipelines.error}
          onRetry={() => void pipelines.refetch()}
          isRetrying={pipelines.isFetching}
        />
      ) : (
        <Group justify="center" py="lg">
          <Loader size="sm" role="status" aria-label="Loading your pipelines" />
        </Group>
      )}
    </Modal>
  );
}

function firstStageOf(pipeline: Pipeline | undefined) {
  return pipeline?.stages[0]?.stageUID ?? null;
}

function AddContactForm({
  teamUID,
  preset,
  details,
  onCreated,
  onClose,
}: AddContactModalProps & { details: PipelineList }) {
  const navigate = useNavigate();
  const me = useLoggedUser();
  const requiresPipeline = !can(me.currentTeam.role, 'see-all-pipelines');
  // Opened without a pipeline (the header's search, the palette), it starts in the pipeline on screen.
  const viewedPipelineId = useMatch('/contacts/:view/:pipelineID')?.params.pipelineID;
  const wantedPipelineId = preset.pipelineId === undefined ? viewedPipelineId : preset.pipelineId;
  const presetPipeline = details.pipelines.find((item) => item.groupUID === wantedPipelineId);
  const [values, setValues] = useState<ContactFormValues>(() => {
    const pipeline = presetPipeline ?? details.pipelines[0];
    const stageId = pipeline?.stages.some((stage) => stage.stageUID === preset.stageId)
      ? (preset.stageId ?? null)
      : firstStageOf(pipeline);
    return {
      name: preset.name ?? '',
      profile: '',
      platform: null,
      email: '',
      phone: '',
      pipelineId: pipeline?.groupUID ?? null,
      stageId,
      tagIds: [],
    };
  });
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const create = useCreateContact(teamUID);
  const [refusal, setRefusal] = useState<{ message: string; GTID?: string; name?: string } | null>(null);

  const set = <Field extends keyof ContactFormValues>(field: Field, value: ContactFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The profile and its platform are read together, and so are their problems.
    const together =
      field === 'profile' || field === 'platform' ? { profile: undefined, platform: undefined } : {};
    setErrors((current) => ({ ...current, [field]: undefined, ...together }));
    setRefusal(null);
  };

  const pipeline = details.pipelines.find((item) => item.groupUID === values.pipelineId);
  const tagOptions = useMemo(
    () =>
      [...(pipeline?.tagSets ?? []), ...details.globalTagSets]
        .filter((set) => set.tags.length > 0)
        .map((set) => ({
          group: set.name,
          items: set.tags.map((tag) => ({ value: tag.tagUID, label: tag.name })),
        })),
    [pipeline, details.globalTagSets],
  );

  const profileReading = readProfileField(values);
  const [debouncedValues] = useDebouncedValue(values, MATCH_DEBOUNCE_MS);
  const matchQuery = useMemo(() => matchQueryOf(debouncedValues), [debouncedValues]);
  const matches = useContactMatches(teamUID, matchQuery);
  const found = matchQuery ? matches.data : undefined;
  const samePerson = found?.matches.filter((match) => match.samePerson) ?? [];
  const similar = found?.matches.filter((match) => !match.samePerson) ?? [];

  const openContact = (GTID: string) => {
    onClose();
    void navigate(`/contact/${encodeURIComponent(GTID)}`);
  };

  const placeOf = (match: ContactMatch) =>
    match.pipelines
      .map(({ pipelineID, stageUID }) => {
        const where = details.pipelines.find((item) => item.groupUID === pipelineID);
        const stage = where?.stages.find((item) => item.stageUID === stageUID);
        return where ? `${where.nickName}${stage ? ` · ${stage.name}` : ''}` : null;
      })
      .filter(Boolean)
      .join(', ');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateContactForm(values, { requiresPipeline });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    create.mutate(checked.body, {
      onSuccess: (contact) => {
        onClose();
        onCreated?.(contact.GTID);
        const name = contact.name || checked.body.name;
        const id = notifications.show({
          color: 'green',
          title: `Added ${name}`,
          message: (
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">
                {pipeline
                  ? `In ${pipeline.nickName}${stageName(pipeline, checked.body.pipeline?.stageId)}`
                  : 'In no pipeline'}
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => {
                  notifications.hide(id);
                  void navigate(`/contact/${encodeURIComponent(contact.GTID)}`);
                }}
              >
                Open
              </Button>
            </Group>
          ),
        });
      },
      onError: (error) => {
        if (isApiError(error, 409) && error.code === 'contact-exists') {
          const details = (error.details ?? {}) as { GTID?: string; name?: string };
          setRefusal({ message: error.message, GTID: details.GTID, name: details.name });
          return;
        }
        const field = isApiError(error, 400) ? fieldOfServerMessage(error.message) : null;
        if (field) setErrors((current) => ({ ...current, [field]: error.message }));
        else setRefusal({ message: formatErrorMessage(error) });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          data-autofocus
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={errors.name}
          maxLength={100}
        />
        <Group align="flex-start" gap="sm" grow>
          <TextInput
            label="Profile address or handle"
            placeholder="https://www.instagram.com/jane.doe"
            value={values.profile}
            onChange={(event) => set('profile', event.currentTarget.value)}
            description={describeProfile(profileReading)}
            error={errors.profile ?? errors.platform}
            maxLength={2048}
          />
          {profileReading?.ok === false && profileReading.problem === 'needs-platform' && (
            <Select
              label="Platform"
              placeholder="Choose"
              data={SOCIAL_PLATFORMS.map((item) => ({ value: item, label: formatPlatformName(item) }))}
              value={values.platform}
              onChange={(value) => set('platform', isSocialPlatform(value) ? value : null)}
              error={errors.platform !== undefined}
              maw={180}
            />
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Email"
            type="email"
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={errors.email}
          />
          <TextInput
            label="Phone"
            type="tel"
            value={values.phone}
            onChange={(event) => set('phone', event.currentTarget.value)}
            error={errors.phone}
          />
          <Select
            label="Pipeline"
            required={requiresPipeline}
            data={[
              ...(requiresPipeline ? [] : [{ value: NO_PIPELINE, label: 'No pipeline' }]),
              ...details.pipelines.map((item) => ({ value: item.groupUID, label: item.nickName })),
            ]}
            value={values.pipelineId ?? NO_PIPELINE}
            allowDeselect={false}
            onChange={(value) => {
              const next = details.pipelines.find((item) => item.groupUID === value);
              setValues((current) => ({
                ...current,
                pipelineId: next?.groupUID ?? null,
                stageId: firstStageOf(next),
                // A pipeline's own tags stay with it; the global ones stay chosen.
                tagIds: current.tagIds.filter((tagId) =>
                  details.globalTagSets.some((set) => set.tags.some((tag) => tag.tagUID === tagId)),
                ),
              }));
              setErrors((current) => ({ ...current, pipelineId: undefined, stageId: undefined }));
            }}
            error={errors.pipelineId}
          />
          <Select
            label="Stage"
            data={(pipeline?.stages ?? []).map((stage) => ({ value: stage.stageUID, label: stage.name }))}
            value={values.stageId}
            allowDeselect={false}
            disabled={!pipeline}
            onChange={(value) => set('stageId', value)}
            error={errors.stageId}
          />
        </SimpleGrid>
        <MultiSelect
          label="Tags"
          placeholder={tagOptions.length === 0 ? 'No tags in this pipeline' : 'Choose tags'}
          data={tagOptions}
          value={values.tagIds}
          onChange={(value) => set('tagIds', value)}
          disabled={tagOptions.length === 0}
          searchable
          error={errors.tagIds}
        />

        {found?.hidden && (
          <Alert color="yellow" variant="light" title="This person may already be in GroupTrack">
            Someone with this profile or email is in a pipeline you cannot see. Adding them tells the team
            owner and admins, so they can add them to one of your pipelines.
          </Alert>
        )}
        {samePerson.length > 0 && (
          <MatchList
            title="Already in GroupTrack"
            color="blue"
            intro="The same profile or email belongs to:"
            matches={samePerson}
            placeOf={placeOf}
            onOpen={openContact}
          />
        )}
        {samePerson.length === 0 && similar.length > 0 && (
          <MatchList
            title="Someone similar is already in GroupTrack"
            color="gray"
            intro="If this is a different person, add them anyway."
            matches={similar}
            placeOf={placeOf}
            onOpen={openContact}
          />
        )}
        {matches.isError && matchQuery && (
          <Text size="xs" c="dimmed">
            Couldn’t check for people already in GroupTrack: {formatErrorMessage(matches.error)}
          </Text>
        )}
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{refusal.message}</Text>
              {refusal.GTID && (
                <Button size="compact-sm" variant="light" onClick={() => openContact(refusal.GTID!)}>
                  Open {refusal.name || 'them'}
                </Button>
              )}
            </Stack>
          </Alert>
        )}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={samePerson.length > 0}>
            {similar.length > 0 && samePerson.length === 0 ? 'Add as a new person' : 'Add contact'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function stageName(pipeline: Pipeline, stageId: string | undefined) {
  const stage = pipeline.stages.find((item) => item.stageUID === stageId);
  return stage ? ` · ${stage.name}` : '';
}

const REASON_WORDS: Record<ContactMatch['matchedBy'][number], string> = {
  profile: 'same profile',
  email: 'same email',
  name: 'same name',
  phone: 'same phone',
};

function MatchList({
  title,
  color,
  intro,
  matches,
  placeOf,
  onOpen,
}: {
  title: string;
  color: string;
  intro: string;
  matches: ContactMatch[];
  placeOf: (match: ContactMatch) => string;
  onOpen: (GTID: string) => void;
}) {
  return (
    <Alert color={color} variant="light" title={title}>
      <Stack gap="xs">
        <Text size="sm">{intro}</Text>
        <Stack
          gap={6}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="People already in GroupTrack"
        >
          {matches.map((match) => {
            const place = placeOf(match);
            return (
              <Group key={match.GTID} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {match.name || 'Unnamed contact'}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {[
                      match.matchedBy.map((reason) => REASON_WORDS[reason]).join(', '),
                      match.emailAddress,
                      place,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
                <Button size="compact-sm" variant="light" onClick={() => onOpen(match.GTID)}>
                  Open {match.name || 'contact'}
                </Button>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Alert>
  );
}
