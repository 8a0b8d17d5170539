import '@mantine/spotlight/styles.css';
import { Kbd, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Spotlight, createSpotlight } from '@mantine/spotlight';
import { useEffect, useMemo, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { useLoggedUser } from '../../../app/signed-in-user';
import { formatErrorMessage } from '../../../lib/api-client';
import { usePipelines } from '../../../lib/pipelines';
import { useContact, useMoveContactStage } from '../../contact';
import { useAddContact } from '../../contact-create';
import { useGlobalSearch } from '../../global-search';
import { NAV_AREAS } from '../../shell';
import { TaskFormModal } from '../../tasks';
import { matchesQuery, palettePages, stageMoves, type StageMove } from '../lib/palette-entries';

const DEBOUNCE_MS = 150;
/** Contacts the palette lists at most; the header's search and the Table show more. */
const CONTACTS_SHOWN = 5;

/** The contact a new task is about; `null` for a task about no one. */
type TaskTarget = { GTID: string; name: string } | null;

const [paletteStore, palette] = createSpotlight();

/**
 * Makes the list's first entry the one Enter runs, as Spotlight does itself right after each
 * keystroke (it marks the entry in the page and keeps its index in the store).
 */
function selectFirstEntry() {
  const list = document.getElementById(paletteStore.getState().listId);
  list?.querySelector('[data-selected]')?.removeAttribute('data-selected');
  list?.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  paletteStore.updateState((state) => ({ ...state, selected: 0 }));
}

/**
 * The command palette: find a contact and open it, create one, go to any page, and on a contact's
 * page move them to a stage or add a task for them. Everything is reached by typing and the arrow
 * keys; Enter runs the highlighted entry. It opens each time `request` changes (the launcher counts
 * Ctrl/Cmd+K presses).
 */
export default function CommandPalette({ teamUID, request }: { teamUID: string; request: number }) {
  useEffect(() => palette.open(), [request]);
  const user = useLoggedUser();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const found = useGlobalSearch(teamUID, debounced);
  const openGTID = useMatch('/contact/:GTID/*')?.params.GTID;
  const addContact = useAddContact(teamUID, {
    onCreated: (GTID) => void navigate(`/contact/${encodeURIComponent(GTID)}`),
  });
  const [taskTarget, setTaskTarget] = useState<TaskTarget | undefined>(undefined);
  // Here rather than with the entries, which close with the palette before the move is answered.
  const move = useMoveContactStage(teamUID, openGTID ?? '');
  const moveTo = (target: StageMove) =>
    move.mutate(target, {
      onSuccess: () => notifications.show({ message: `${target.label.replace(/^Move/, 'Moved')}.` }),
      onError: (error) =>
        notifications.show({ color: 'red', message: `Couldn't move: ${formatErrorMessage(error)}` }),
    });

  const pages = useMemo(() => palettePages(NAV_AREAS, user.claims.super), [user.claims.super]);
  const text = query.trim();
  const hits = text && debounced ? (found.data?.hits ?? []).slice(0, CONTACTS_SHOWN) : [];
  const shownPages = pages.filter((page) => matchesQuery(page.label, text));
  const addTaskLabel = 'Add a task';
  // Contacts arrive after the keystroke that asked for them: the first entry is chosen again.
  const listed = `${text}\n${hits.map((hit) => hit.GTID).join()}`;
  useEffect(() => selectFirstEntry(), [listed]);

  return (
    <>
      <Spotlight.Root
        store={paletteStore}
        query={query}
        onQueryChange={setQuery}
        // The launcher listens for Ctrl/Cmd+K, also while this part of the app is not loaded yet.
        shortcut={null}
        scrollable
        maxHeight={480}
        aria-label="Command palette"
      >
        <Spotlight.Search
          placeholder="Find a contact, a page or an action…"
          aria-label="Command palette: type to find a contact, a page or an action"
        />
        <Spotlight.ActionsList>
          {hits.length > 0 && (
            <Spotlight.ActionsGroup label="Contacts">
              {hits.map((hit) => (
                <Spotlight.Action
                  key={hit.GTID}
                  label={hit.name || 'Unnamed contact'}
                  description={hit.emailAddress ?? hit.phoneNumber ?? undefined}
                  onClick={() => void navigate(`/contact/${encodeURIComponent(hit.GTID)}`)}
                />
              ))}
            </Spotlight.ActionsGroup>
          )}
          <Spotlight.ActionsGroup label="Actions">
            {openGTID && (
              <OpenContactActions
                teamUID={teamUID}
                GTID={openGTID}
                query={text}
                onAddTask={(contact) => setTaskTarget(contact)}
                onMove={moveTo}
              />
            )}
            {text === '' && <Spotlight.Action label="Create a contact" onClick={() => addContact.open()} />}
            {!openGTID && matchesQuery(addTaskLabel, text) && (
              <Spotlight.Action label={addTaskLabel} onClick={() => setTaskTarget(null)} />
            )}
          </Spotlight.ActionsGroup>
          {shownPages.length > 0 && (
            <Spotlight.ActionsGroup label="Go to">
              {shownPages.map((page) => (
                <Spotlight.Action key={page.to} label={page.label} onClick={() => void navigate(page.to)} />
              ))}
            </Spotlight.ActionsGroup>
          )}
          {text !== '' && (
            <Spotlight.ActionsGroup label="Create">
              <Spotlight.Action
                label={`Create contact ‘${text}’`}
                onClick={() => addContact.open({ name: text })}
              />
            </Spotlight.ActionsGroup>
          )}
          {found.isFetching && text !== '' && hits.length === 0 && (
            <Spotlight.Empty>Searching contacts…</Spotlight.Empty>
          )}
        </Spotlight.ActionsList>
        <Spotlight.Footer>
          <Text size="xs" c="dimmed">
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to choose, <Kbd size="xs">Enter</Kbd> to run,{' '}
            <Kbd size="xs">?</Kbd> for every shortcut
          </Text>
        </Spotlight.Footer>
      </Spotlight.Root>
      {addContact.modal}
      {taskTarget !== undefined && (
        <TaskFormModal
          teamUID={teamUID}
          contact={taskTarget ?? undefined}
          onClose={() => setTaskTarget(undefined)}
        />
      )}
    </>
  );
}

/** On a contact's page: move them to another stage, or add a task about them. */
function OpenContactActions({
  teamUID,
  GTID,
  query,
  onAddTask,
  onMove,
}: {
  teamUID: string;
  GTID: string;
  query: string;
  onAddTask: (contact: { GTID: string; name: string }) => void;
  onMove: (move: StageMove) => void;
}) {
  const contact = useContact(teamUID, GTID);
  const pipelines = usePipelines(teamUID);
  if (!contact.data) return null;
  const name = contact.data.name || 'this contact';
  const moves = stageMoves(contact.data.groupData, pipelines.data?.pipelines ?? [])
    .map((each) => ({ ...each, label: `Move ${name} to ${each.label}` }))
    .filter((each) => matchesQuery(each.label, query));
  const addTask = `Add a task for ${name}`;

  return (
    <>
      {matchesQuery(addTask, query) && (
        <Spotlight.Action label={addTask} onClick={() => onAddTask({ GTID, name })} />
      )}
      {moves.map((each) => (
        <Spotlight.Action
          key={`${each.pipelineId}:${each.stageId}`}
          label={each.label}
          onClick={() => onMove(each)}
        />
      ))}
    </>
  );
}
