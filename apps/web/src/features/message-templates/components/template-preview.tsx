import {
  Alert,
  Button,
  Combobox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { renderTemplate } from '@grouptrack/domain';
import { useClipboard, useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { formatContactName } from '../../contact';
import { usePipelines } from '../../../lib/pipelines';
import { useLoggedUser } from '../../../app/signed-in-user';
import { usePreviewContact, usePreviewContactSearch } from '../api/preview-contact';
import { FIELD_NAME_VALUES, buildContactValues } from '../lib/template-text';

const DEBOUNCE_MS = 200;
const COPIED_MS = 3000;

/** The contact the previews use: one the user picked, else the team's first contact; and its field values. */
export function usePreviewValues(teamUID: string, pickedGTID: string | null) {
  const first = usePreviewContactSearch(teamUID, '');
  const GTID = pickedGTID ?? first.data?.hits[0]?.GTID ?? null;
  const contact = usePreviewContact(teamUID, GTID);
  const pipelines = usePipelines(teamUID);
  const senderName = useLoggedUser().name;
  const hasNoContacts = first.data?.total === 0;
  if (hasNoContacts) return { state: 'no-contacts', values: FIELD_NAME_VALUES, contactName: null } as const;
  if (first.isError || contact.isError || pipelines.isError) {
    const error = first.error ?? contact.error ?? pipelines.error;
    return { state: 'error', values: FIELD_NAME_VALUES, contactName: null, error } as const;
  }
  if (!contact.data || !pipelines.data)
    return { state: 'loading', values: FIELD_NAME_VALUES, contactName: null } as const;
  return {
    state: 'ready',
    values: buildContactValues({ contact: contact.data, pipelines: pipelines.data.pipelines, senderName }),
    contactName: formatContactName(contact.data),
  } as const;
}

export type PreviewValues = ReturnType<typeof usePreviewValues>;

/** Picks the contact the previews are rendered for: type to search, or choose one of the first contacts. */
export function PreviewContactPicker({
  teamUID,
  preview,
  onPick,
}: {
  teamUID: string;
  preview: PreviewValues;
  onPick: (GTID: string) => void;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), DEBOUNCE_MS);
  const search = usePreviewContactSearch(teamUID, debounced);
  const hits = search.data?.hits ?? [];
  if (preview.state === 'no-contacts') {
    return (
      <Text size="sm" c="dimmed">
        There are no contacts to preview with yet, so previews show the field names.
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <Combobox
        store={combobox}
        onOptionSubmit={(GTID) => {
          combobox.closeDropdown();
          setValue('');
          onPick(GTID);
        }}
        withinPortal
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            label="Preview with contact"
            description={
              preview.contactName
                ? `Previews show the text as ${preview.contactName} would get it.`
                : undefined
            }
            placeholder="Search contacts"
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              combobox.openDropdown();
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            rightSection={
              search.isFetching ? <Loader size="xs" role="status" aria-label="Searching" /> : null
            }
            maw={420}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options aria-label="Contacts found">
            {hits.length === 0 ? (
              <Combobox.Empty>
                {search.isError
                  ? `Couldn't search: ${formatErrorMessage(search.error)}`
                  : search.isFetching
                    ? 'Searching…'
                    : 'No contact matches'}
              </Combobox.Empty>
            ) : (
              hits.map((hit) => (
                <Combobox.Option value={hit.GTID} key={hit.GTID}>
                  <Text size="sm" truncate="end">
                    {hit.name || 'Unnamed contact'}
                  </Text>
                  {(hit.emailAddress ?? hit.phoneNumber) && (
                    <Text size="xs" c="dimmed" truncate="end">
                      {hit.emailAddress ?? hit.phoneNumber}
                    </Text>
                  )}
                </Combobox.Option>
              ))
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {preview.state === 'error' && (
        <Alert color="red" variant="light" role="alert">
          Couldn&apos;t load the contact for the previews: {formatErrorMessage(preview.error)}
        </Alert>
      )}
    </Stack>
  );
}

/** A template's text rendered for the preview contact, with a button that copies it. */
export function RenderedText({
  text,
  preview,
  label,
  copyLabel,
}: {
  text: string;
  preview: PreviewValues;
  /** Names the rendered text, e.g. "Preview of Welcome". */
  label: string;
  /** Names the copy button, e.g. "Copy Welcome". */
  copyLabel: string;
}) {
  const clipboard = useClipboard({ timeout: COPIED_MS });
  const rendered = renderTemplate(text, preview.values);
  return (
    <Stack gap={6}>
      <Paper
        withBorder
        p="sm"
        radius="sm"
        bg="var(--mantine-color-gray-light)"
        aria-label={label}
        role="region"
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {rendered}
        </Text>
      </Paper>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          disabled={rendered === ''}
          onClick={() => clipboard.copy(rendered)}
          aria-label={copyLabel}
        >
          Copy
        </Button>
        <Text size="xs" c="teal" role="status">
          {clipboard.copied ? 'Copied' : ''}
        </Text>
        {clipboard.error && (
          <Text size="xs" c="red" role="alert">
            Couldn&apos;t copy: your browser did not allow it. Select the text and copy it yourself.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
