import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatErrorMessage } from '../../../lib/api-client';
import { useAddContact } from '../../contact-create';
import { GLOBAL_SEARCH_COVERS, globalSearchQuery, useGlobalSearch } from '../api/search-contacts-ahead';

const DEBOUNCE_MS = 200;
/** The value of the last row, which offers to create the contact that was not found (no GTID starts with +). */
const CREATE_OPTION = '+create';

/** The header's contact search: type-ahead over names, email, phone and handles; Enter opens the best. */
export function GlobalSearch({ teamUID }: { teamUID: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // "/" outside a text field puts the cursor here.
  useHotkeys([['/', () => input.current?.focus()]]);
  const [debounced] = useDebouncedValue(value.trim(), DEBOUNCE_MS);
  const search = useGlobalSearch(teamUID, debounced);
  const hits = useMemo(() => (debounced === '' ? [] : (search.data?.hits ?? [])), [debounced, search.data]);
  // The list shown is for the text typed, not an earlier one still on screen while the next loads.
  const isCurrent = value.trim() === debounced && !search.isPlaceholderData;
  const addContact = useAddContact(teamUID);

  // Enter opens the best match unless the user picked another one with the arrow keys.
  const firstGTID = hits[0]?.GTID;
  useEffect(() => {
    if (firstGTID) combobox.selectFirstOption();
  }, [firstGTID, combobox]);

  function open(GTID: string) {
    combobox.closeDropdown();
    setValue('');
    void navigate(`/contact/${encodeURIComponent(GTID)}`);
  }

  /** Enter typed faster than the list: the best match for exactly what was typed. */
  async function openBestMatch(text: string) {
    const answer = await queryClient.fetchQuery(globalSearchQuery(teamUID, text));
    const best = answer.hits[0];
    if (best) open(best.GTID);
  }

  const emptyMessage = search.isError
    ? `Couldn't search: ${formatErrorMessage(search.error)}`
    : search.isFetching
      ? 'Searching…'
      : 'No contact matches';

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(option) => {
        if (option !== CREATE_OPTION) return open(option);
        combobox.closeDropdown();
        setValue('');
        addContact.open({ name: debounced });
      }}
      withinPortal
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={input}
          aria-label="Search contacts"
          placeholder="Search contacts"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || isCurrent || value.trim() === '') return;
            // The highlighted row belongs to an earlier text: the combobox must not open it.
            combobox.resetSelectedOption();
            event.preventDefault();
            void openBestMatch(value.trim());
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={search.isFetching ? <Loader size="xs" role="status" aria-label="Searching" /> : null}
          maw={420}
          w="100%"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={debounced === ''}>
        <Combobox.Options aria-label="Contacts found">
          {hits.length === 0 ? (
            <Combobox.Empty>{emptyMessage}</Combobox.Empty>
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
          {debounced !== '' && (
            <Combobox.Option value={CREATE_OPTION}>
              <Text size="sm" c="blue" truncate="end">
                Create contact ‘{debounced}’
              </Text>
            </Combobox.Option>
          )}
        </Combobox.Options>
        <Combobox.Footer>
          <Text size="xs" c="dimmed">
            {GLOBAL_SEARCH_COVERS}
          </Text>
        </Combobox.Footer>
      </Combobox.Dropdown>
      {addContact.modal}
    </Combobox>
  );
}
