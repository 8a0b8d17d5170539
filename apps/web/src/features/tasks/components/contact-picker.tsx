import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { useGlobalSearch } from '../../global-search';

/** A contact a task is about: its GTID and the name shown for it. */
export interface PickedContact {
  GTID: string;
  name: string;
}

export interface ContactPickerProps {
  teamUID: string;
  value: PickedContact | null;
  onChange: (value: PickedContact | null) => void;
}

const DEBOUNCE_MS = 200;

/** Picks a contact by searching names, email, phone and handles, as the header's search does. */
export function ContactPicker({ teamUID, value, onChange }: ContactPickerProps) {
  const [search, setSearch] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  // The picked contact's own name is not a new search.
  const text = debounced === (value?.name ?? '') ? '' : debounced;
  const found = useGlobalSearch(teamUID, text);
  const options = useMemo(() => {
    const list = value ? [{ value: value.GTID, label: value.name }] : [];
    for (const hit of text ? (found.data?.hits ?? []) : []) {
      if (hit.GTID !== value?.GTID) list.push({ value: hit.GTID, label: hit.name || 'Unnamed contact' });
    }
    return list;
  }, [value, text, found.data]);

  return (
    <Select
      label="Contact"
      description="Optional: the person this task is about."
      placeholder="Search contacts"
      searchable
      clearable
      data={options}
      value={value?.GTID ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(GTID, option) => onChange(GTID && option ? { GTID, name: option.label } : null)}
      // The server already matched the text; the list is not filtered again.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        text === ''
          ? 'Type a name, email or phone number'
          : found.isError
            ? `Couldn't search: ${formatErrorMessage(found.error)}`
            : found.isFetching
              ? 'Searching…'
              : 'No contact matches'
      }
    />
  );
}
