import { SOCIAL_PLATFORMS } from '@grouptrack/domain';
import {
  Button,
  Drawer,
  Group,
  Menu,
  Modal,
  MultiSelect,
  Popover,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { formatPlatformName } from '../../../lib/platform-names';
import { useCreateFilterSet, useFilterSets } from '../api/filter-sets';
import { usePipelines } from '../../../lib/pipelines';
import { useStatusLabels } from '../../../lib/status-labels';
import {
  type ContactFilterPatch,
  type ContactFilterValue,
  hasContactFilters,
  isoToDay,
  dayToIso,
  readLeadScoreMin,
  toContactFilter,
  toFullPatch,
} from '../lib/filter-params';

export interface ContactFilterBarProps {
  teamUID: string;
  /** The pipeline the view shows; its stages and tag sets are offered. */
  pipelineId?: string | null;
  value: ContactFilterValue;
  onChange: (patch: ContactFilterPatch) => void;
}

const TEXT_DEBOUNCE_MS = 300;
/** Below Mantine's sm breakpoint (where the navigation folds away) the filters wait behind a button. */
const NARROW_SCREEN = '(max-width: 47.99em)';
const PLATFORM_OPTIONS = SOCIAL_PLATFORMS.map((platform) => ({
  value: platform,
  label: formatPlatformName(platform),
}));
const PRESENCE_OPTIONS = [
  { value: 'any', label: 'Any' },
  { value: 'true', label: 'Has one' },
  { value: 'false', label: 'Has none' },
];

function toPresence(value: boolean | undefined): string {
  return value === undefined ? 'any' : String(value);
}

function fromPresence(value: string | null): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/**
 * The least lead score, typed as a number and applied a moment after the typing stops, so "80" does
 * not search for 8 first.
 */
function LeadScoreInput({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (next: number | undefined) => void;
}) {
  const [typed, setTyped] = useState(value?.toString() ?? '');
  // Follows the URL when it changes from elsewhere (a saved view, Clear filters).
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setTyped(value?.toString() ?? '');
  }
  const commit = useDebouncedCallback((next: string) => onChange(readLeadScoreMin(next)), TEXT_DEBOUNCE_MS);
  return (
    <TextInput
      type="number"
      label="Lead score at least"
      placeholder="Any"
      min={0}
      max={100}
      step={1}
      inputMode="numeric"
      value={typed}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChange(readLeadScoreMin(event.currentTarget.value));
      }}
      w={{ base: '100%', xs: 140 }}
    />
  );
}

/** Free text, stages, tags, platforms, lead score, dates and email/phone filters, with saved views. */
export function ContactFilterBar({ teamUID, pipelineId, value, onChange }: ContactFilterBarProps) {
  const { filter } = value;
  const details = usePipelines(teamUID);
  const statusLabels = useStatusLabels(teamUID).data ?? [];
  const pipeline = details.data?.pipelines.find((item) => item.groupUID === pipelineId);

  const stageOptions = useMemo(
    () => (pipeline?.stages ?? []).map((stage) => ({ value: stage.stageUID, label: stage.name })),
    [pipeline],
  );
  const tagOptions = useMemo(() => {
    const sets = [...(pipeline?.tagSets ?? []), ...(details.data?.globalTagSets ?? [])];
    return sets
      .filter((set) => set.tags.length > 0)
      .map((set) => ({
        group: set.name,
        items: set.tags.map((tag) => ({ value: tag.tagUID, label: tag.name })),
      }));
  }, [pipeline, details.data]);

  const [text, setText] = useState(value.text);
  // Follows the URL when it changes from elsewhere (a saved view, back button), as React advises.
  const [seenText, setSeenText] = useState(value.text);
  if (seenText !== value.text) {
    setSeenText(value.text);
    setText(value.text);
  }
  const commitText = useDebouncedCallback((next: string) => onChange({ text: next }), TEXT_DEBOUNCE_MS);

  const moreCount = [
    filter.createdFrom,
    filter.createdTo,
    filter.updatedFrom,
    filter.updatedTo,
    filter.hasEmail,
    filter.hasPhone,
    pipelineId ? filter.leadScoreMin : undefined,
  ].filter((item) => item !== undefined).length;

  const setDay = (key: 'createdFrom' | 'createdTo' | 'updatedFrom' | 'updatedTo', day: string) =>
    onChange({ [key]: day ? dayToIso(day, key.endsWith('From') ? 'start' : 'end') : undefined });

  // Read at the first render, so a phone never draws the wide bar first.
  const isNarrow = useMediaQuery(NARROW_SCREEN, undefined, { getInitialValueInEffect: false });
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const activeCount =
    [
      filter.stageIds?.length,
      filter.tags?.ids.length,
      filter.platforms?.length,
      filter.statusLabelIds?.length,
    ].filter((count) => count !== undefined && count > 0).length + moreCount;

  const fields = (
    <>
      {stageOptions.length > 0 && (
        <MultiSelect
          label="Stages"
          placeholder={filter.stageIds?.length ? undefined : 'All stages'}
          data={stageOptions}
          value={filter.stageIds ?? []}
          onChange={(stageIds) => onChange({ stageIds })}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
      )}
      <Group gap={4} align="flex-end" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
        <MultiSelect
          label="Tags"
          placeholder={filter.tags?.ids.length ? undefined : 'Any tags'}
          data={tagOptions}
          value={filter.tags?.ids ?? []}
          onChange={(ids) =>
            onChange({ tags: ids.length > 0 ? { ids, mode: filter.tags?.mode ?? 'any' } : undefined })
          }
          searchable
          clearable
          flex={1}
          miw={160}
          maw={{ base: undefined, xs: 260 }}
        />
        <SegmentedControl
          aria-label="Match tags"
          size="xs"
          mb={4}
          data={[
            { value: 'any', label: 'Any' },
            { value: 'all', label: 'All' },
          ]}
          value={filter.tags?.mode ?? 'any'}
          disabled={!filter.tags}
          onChange={(mode) =>
            filter.tags && onChange({ tags: { ids: filter.tags.ids, mode: mode === 'all' ? 'all' : 'any' } })
          }
        />
      </Group>
      <MultiSelect
        label="Platforms"
        placeholder={filter.platforms?.length ? undefined : 'All platforms'}
        data={PLATFORM_OPTIONS}
        value={filter.platforms ?? []}
        onChange={(platforms) => onChange({ platforms: platforms })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      {(statusLabels.length > 0 || filter.statusLabelIds) && (
        <MultiSelect
          label="Status labels"
          placeholder={filter.statusLabelIds?.length ? undefined : 'Any label'}
          data={statusLabels.map((label) => ({ value: label.labelUID, label: label.display }))}
          value={filter.statusLabelIds ?? []}
          onChange={(ids) => onChange({ statusLabelIds: ids.length > 0 ? ids : undefined })}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
      )}
    </>
  );

  const moreFields = (
    <SimpleGrid cols={2} spacing="xs">
      <TextInput
        type="date"
        label="Created from"
        value={filter.createdFrom ? (isoToDay(filter.createdFrom) ?? '') : ''}
        onChange={(event) => setDay('createdFrom', event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="Created to"
        value={filter.createdTo ? (isoToDay(filter.createdTo) ?? '') : ''}
        onChange={(event) => setDay('createdTo', event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="Updated from"
        value={filter.updatedFrom ? (isoToDay(filter.updatedFrom) ?? '') : ''}
        onChange={(event) => setDay('updatedFrom', event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="Updated to"
        value={filter.updatedTo ? (isoToDay(filter.updatedTo) ?? '') : ''}
        onChange={(event) => setDay('updatedTo', event.currentTarget.value)}
      />
      <Select
        label="Email"
        data={PRESENCE_OPTIONS}
        value={toPresence(filter.hasEmail)}
        onChange={(next) => onChange({ hasEmail: fromPresence(next) })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      <Select
        label="Phone"
        data={PRESENCE_OPTIONS}
        value={toPresence(filter.hasPhone)}
        onChange={(next) => onChange({ hasPhone: fromPresence(next) })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      {/* Among the less used filters: in the bar it pushed the board down a row on a laptop. */}
      {pipelineId && (
        <LeadScoreInput value={filter.leadScoreMin} onChange={(leadScoreMin) => onChange({ leadScoreMin })} />
      )}
    </SimpleGrid>
  );

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter contacts">
      <TextInput
        label="Search"
        placeholder="Name, email, phone or handle"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          commitText(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange({ text: event.currentTarget.value });
        }}
        w={{ base: '100%', xs: 220 }}
      />
      {isNarrow ? (
        <>
          <Button variant="default" onClick={drawer.open} aria-haspopup="dialog">
            {activeCount > 0 ? `Filters (${activeCount})` : 'Filters'}
          </Button>
          <Drawer opened={isDrawerOpen} onClose={drawer.close} title="Filters" position="right" size="xs">
            <Stack gap="sm">
              {fields}
              {moreFields}
              <Button onClick={drawer.close}>Show contacts</Button>
            </Stack>
          </Drawer>
        </>
      ) : (
        <>
          {fields}
          <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
            <Popover.Target>
              <Button variant="default">
                {moreCount > 0 ? `More filters (${moreCount})` : 'More filters'}
              </Button>
            </Popover.Target>
            <Popover.Dropdown maw={360}>
              <Stack gap="sm">{moreFields}</Stack>
            </Popover.Dropdown>
          </Popover>
        </>
      )}
      <SavedViewsMenu teamUID={teamUID} onApply={onChange} />
      <SaveViewButton teamUID={teamUID} pipelineId={pipelineId ?? undefined} value={value} />
      {hasContactFilters(value) && (
        <Button
          variant="subtle"
          onClick={() => {
            setText('');
            onChange(toFullPatch({ filter: {}, text: '' }));
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}

function SavedViewsMenu({
  teamUID,
  onApply,
}: {
  teamUID: string;
  onApply: (patch: ContactFilterPatch) => void;
}) {
  const filterSets = useFilterSets(teamUID);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default">Saved views</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {filterSets.isPending && <Menu.Label>Loading saved views…</Menu.Label>}
        {filterSets.isError && (
          <Menu.Item color="red" closeMenuOnClick={false} onClick={() => void filterSets.refetch()}>
            Couldn't load saved views. Try again
          </Menu.Item>
        )}
        {filterSets.data?.length === 0 && <Menu.Label>No saved views yet</Menu.Label>}
        {filterSets.data?.map((set) => (
          <Menu.Item
            key={set.filterSetUID}
            onClick={() => onApply(toFullPatch({ filter: toContactFilter(set.filter), text: '' }))}
          >
            {set.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function SaveViewButton({
  teamUID,
  pipelineId,
  value,
}: {
  teamUID: string;
  pipelineId: string | undefined;
  value: ContactFilterValue;
}) {
  const [isOpen, modal] = useDisclosure(false);
  const [name, setName] = useState('');
  const create = useCreateFilterSet(teamUID);
  const trimmed = name.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || trimmed.length > 100) return;
    create.mutate(
      { name: trimmed, filter: { ...value.filter, ...(pipelineId && { pipelineId }) } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Saved the view "${trimmed}".` });
          setName('');
          modal.close();
        },
      },
    );
  };

  return (
    <>
      <Button variant="light" onClick={modal.open}>
        Save view
      </Button>
      <Modal opened={isOpen} onClose={modal.close} title="Save view">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={trimmed.length > 100 ? 'Use at most 100 characters.' : undefined}
              required
              data-autofocus
            />
            {value.text !== '' && (
              <Text size="sm" c="dimmed">
                The search text is not part of a saved view; the other filters are.
              </Text>
            )}
            {create.isError && (
              <Text size="sm" c="red" role="alert">
                {formatErrorMessage(create.error)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={modal.close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} disabled={trimmed === ''}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
