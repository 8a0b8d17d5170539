import {
  emailSchema,
  isSocialPlatform,
  personNameSchema,
  phoneSchema,
  type SearchFilter,
  type SearchSortField,
} from '@grouptrack/domain';
import { Alert, Button, Checkbox, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { formatPlatformName } from '../../../lib/platform-names';
import type { SearchHit } from '../../../lib/search-client';
import { BulkActionBar } from '../../bulk-actions';
import type { BulkFilter } from '../../../lib/start-bulk-action';
import {
  EMPTY_SELECTION,
  countSelected,
  describeLoadedRows,
  selectAllMatching,
  toBulkTarget,
  toggleLoadedRows,
  toggleRow,
  type Selection,
} from '../../../lib/selection';
import { listTagOptions } from '../../contact-filters';
import type { PipelineList } from '../../../lib/pipelines';
import {
  fromStoredSelection,
  isListReturn,
  readListView,
  saveListView,
  toStoredSelection,
  withListOrigin,
  type ListOrigin,
} from '../../../lib/list-origin';
import { toTableSearch, useContactPages, type TableSort } from '../api/search-contact-pages';
import { useSetRowStage, useToggleRowTag } from '../api/stage-and-tags';
import { useUpdateContact, type ContactPatch } from '../api/update-contact';
import {
  COLUMN_WIDTHS,
  CONTACT_COLUMN_LABELS,
  listVisibleColumns,
  type ContactColumnId,
} from '../lib/column-prefs';
import { contactTableFeatures } from '../lib/table-features';
import { DEFAULT_TABLE_SORT, readTableSort, toggleColumnSort, writeTableSort } from '../lib/table-sort';
import { useColumnPrefs } from '../lib/use-column-prefs';
import { ColumnPicker } from './column-picker';
import { EditableCell } from './editable-cell';
import { StageCell } from './stage-cell';
import { TagsCell } from './tags-cell';
import { ROW_HEIGHT, VirtualRows } from './virtual-rows';
import { teamKeys } from '../../../lib/query-keys';
import { StatusLabelBadge } from '../../../components/status-label-badge';
import { findStatusLabel, useStatusLabels } from '../../../lib/status-labels';

const CHECKBOX_WIDTH = 44;
/** Below Mantine's xs breakpoint (a phone) the Table shows name and stage; the name opens the rest. */
const PHONE_SCREEN = '(max-width: 35.99em)';
const PHONE_COLUMNS: readonly ContactColumnId[] = ['name', 'stage'];

/** The server sort field of each sortable column. */
const COLUMN_SORT: Partial<Record<ContactColumnId, SearchSortField>> = {
  name: 'name',
  emailAddress: 'emailAddress',
  stage: 'rank',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
};

const SORT_LABELS: Record<SearchSortField, string> = {
  relevance: 'Best match',
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  emailAddress: 'Email',
  createdAt: 'Created',
  updatedAt: 'Updated',
  rank: 'Pipeline order',
};

const helper = createColumnHelper<typeof contactTableFeatures, SearchHit>();
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Checks a value with a zod schema; answers its first message, or null. */
function check(
  schema: { safeParse: (value: string) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: string,
) {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? 'This value is not valid.');
}

export interface ContactTableProps {
  teamUID: string;
  pipelineId: string | null;
  details: PipelineList;
  /** The shared filters (pipeline added here). */
  filter: SearchFilter;
  searchText: string;
  canDelete: boolean;
  /** Shown instead of the empty table when the team has no contacts at all. */
  emptyAction: React.ReactNode;
}

/** Contacts as a virtualised table that pages from the server as it scrolls. */
export function ContactTable({
  teamUID,
  pipelineId,
  details,
  filter,
  searchText,
  canDelete,
  emptyAction,
}: ContactTableProps) {
  const queryClient = useQueryClient();
  const [prefs, setPrefs] = useColumnPrefs(teamUID);
  // The sort lives in the address beside the filters, so "Back" from a contact and a shared link
  // show the list in the same order.
  const [params, setParams] = useSearchParams();
  const sort = readTableSort(params);
  const setSort = (next: TableSort) =>
    setParams((current) => writeTableSort(current, next), { replace: true });
  // Card order needs a pipeline, best match needs text; without them the newest come first.
  const effectiveSort: TableSort =
    (sort.field === 'rank' && !pipelineId) || (sort.field === 'relevance' && !searchText)
      ? DEFAULT_TABLE_SORT
      : sort;
  const objectToFilter = useMemo<SearchFilter>(
    () => ({ ...filter, ...(pipelineId ? { pipelineId } : {}) }),
    [filter, pipelineId],
  );
  const tableQuery = { teamUID, objectToFilter, searchText, sort: effectiveSort };
  const query = useContactPages(tableQuery);

  // A contact opened from a row comes back here, to this address, and walks these rows.
  const location = useLocation();
  const listUrl = `${location.pathname}${location.search}`;
  const searchKey = JSON.stringify(toTableSearch(tableQuery));
  const origin = useMemo<ListOrigin>(
    () => ({ kind: 'table', url: listUrl, search: JSON.parse(searchKey) as ListOrigin['search'] }),
    [listUrl, searchKey],
  );

  const selectionKey = JSON.stringify([objectToFilter, searchText]);
  // What this address showed when the user last left it (for a contact): its scroll and its ticks.
  const navigationType = useNavigationType();
  const [returnedTo] = useState(() =>
    isListReturn(location.state, navigationType) ? readListView(listUrl) : {},
  );
  const [selection, setSelection] = useState<{ key: string; value: Selection }>(() => ({
    key: selectionKey,
    value: fromStoredSelection(returnedTo.selected),
  }));
  const currentSelection = selection.key === selectionKey ? selection.value : EMPTY_SELECTION;
  const select = (value: Selection) => setSelection({ key: selectionKey, value });
  const update = useUpdateContact(teamUID);
  const setStage = useSetRowStage(teamUID);
  const toggleTag = useToggleRowTag(teamUID);

  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.hits) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;
  const loadedIds = useMemo(() => rows.map((row) => row.GTID), [rows]);

  const stages = useMemo(
    () =>
      new Map(
        details.pipelines.flatMap((pipeline) => pipeline.stages).map((stage) => [stage.stageUID, stage]),
      ),
    [details],
  );
  const tags = useMemo(
    () => new Map(listTagOptions(details, null).map((tag) => [tag.tagUID, tag])),
    [details],
  );
  const tagChoices = useMemo(() => listTagOptions(details, pipelineId), [details, pipelineId]);
  const statusLabels = useStatusLabels(teamUID).data;
  const pipelineStages = useMemo(
    () => details.pipelines.find((pipeline) => pipeline.groupUID === pipelineId)?.stages ?? [],
    [details, pipelineId],
  );
  const hasPipeline = pipelineId !== null;
  // Read at the first render, so a phone never lays out the wide table first.
  const isPhone = useMediaQuery(PHONE_SCREEN, undefined, { getInitialValueInEffect: false });
  const visible = useMemo(
    () =>
      isPhone
        ? PHONE_COLUMNS.filter((id) => hasPipeline || id !== 'stage')
        : listVisibleColumns(prefs, hasPipeline),
    [prefs, hasPipeline, isPhone],
  );

  // The latest render's values, for callbacks that stay the same from render to render: a new
  // function would render every row (and rebuild every column) again.
  const latest = useRef({ currentSelection, loadedIds, select, update, setStage, toggleTag });
  useEffect(() => {
    latest.current = { currentSelection, loadedIds, select, update, setStage, toggleTag };
  });
  const save = useCallback(async (GTID: string, patch: ContactPatch) => {
    await latest.current.update.mutateAsync({ GTID, patch });
  }, []);
  const saveStage = useCallback(
    async (GTID: string, stageId: string) => {
      if (!pipelineId) return;
      await latest.current.setStage.mutateAsync({ GTID, pipelineId, stageId });
    },
    [pipelineId],
  );
  const saveTag = useCallback(async (GTID: string, tagId: string, isAdding: boolean) => {
    await latest.current.toggleTag.mutateAsync({ GTID, tagId, isAdding });
  }, []);
  const linkState = useMemo(() => withListOrigin(null, origin), [origin]);
  const toggleOne = useCallback((GTID: string) => {
    const { currentSelection, loadedIds, select } = latest.current;
    select(toggleRow(currentSelection, GTID, loadedIds));
  }, []);

  const columns = useMemo(() => {
    const all = {
      name: helper.accessor('name', {
        id: 'name',
        cell: ({ row }) => {
          const hit = row.original;
          return (
            <EditableCell
              subject={hit.GTID}
              display={hit.name}
              editLabel={`edit name of ${hit.name || 'this contact'}`}
              link={{
                to: `/contact/${encodeURIComponent(hit.GTID)}${pipelineId ? `/overview/${encodeURIComponent(pipelineId)}` : ''}`,
                state: linkState,
              }}
              fields={[
                {
                  label: 'First name',
                  value: hit.firstName,
                  placeholder: 'First name',
                  validate: (value) =>
                    value.trim() === '' && hit.lastName === ''
                      ? check(personNameSchema, value)
                      : value.trim() === ''
                        ? null
                        : check(personNameSchema, value),
                },
                {
                  label: 'Last name',
                  value: hit.lastName,
                  placeholder: 'Last name',
                  validate: (value) => (value.trim() === '' ? null : check(personNameSchema, value)),
                },
              ]}
              onSave={([firstName = '', lastName = '']) =>
                save(hit.GTID, { firstName: firstName.trim(), lastName: lastName.trim() })
              }
            />
          );
        },
      }),
      emailAddress: helper.accessor('emailAddress', {
        id: 'emailAddress',
        cell: ({ row }) => {
          const hit = row.original;
          return (
            <EditableCell
              subject={hit.GTID}
              display={hit.emailAddress ?? ''}
              editLabel={`edit email of ${hit.name || 'this contact'}`}
              fields={[
                {
                  label: 'Email',
                  value: hit.emailAddress ?? '',
                  placeholder: 'name@example.com',
                  validate: (value) => (value.trim() === '' ? null : check(emailSchema, value)),
                },
              ]}
              onSave={([value = '']) =>
                save(hit.GTID, { emailAddress: value.trim() === '' ? null : value.trim() })
              }
            />
          );
        },
      }),
      phoneNumber: helper.accessor('phoneNumber', {
        id: 'phoneNumber',
        cell: ({ row }) => {
          const hit = row.original;
          return (
            <EditableCell
              subject={hit.GTID}
              display={hit.phoneNumber ?? ''}
              editLabel={`edit phone of ${hit.name || 'this contact'}`}
              fields={[
                {
                  label: 'Phone',
                  value: hit.phoneNumber ?? '',
                  placeholder: '+1 555 0100',
                  validate: (value) => (value.trim() === '' ? null : check(phoneSchema, value)),
                },
              ]}
              onSave={([value = '']) =>
                save(hit.GTID, { phoneNumber: value.trim() === '' ? null : value.trim() })
              }
            />
          );
        },
      }),
      platforms: helper.accessor('platforms', {
        id: 'platforms',
        cell: ({ row }) =>
          row.original.platforms
            .map((platform) => (isSocialPlatform(platform) ? formatPlatformName(platform) : platform))
            .join(', '),
      }),
      stage: helper.accessor('stage', {
        id: 'stage',
        cell: ({ row }) => {
          const hit = row.original;
          // The stage column shows only with a pipeline in view, whose stages the select offers.
          if (pipelineStages.length > 0) {
            return (
              <StageCell
                subject={hit.GTID}
                name={hit.name}
                stageId={hit.stage}
                stages={pipelineStages}
                onChange={(stageId) => saveStage(hit.GTID, stageId)}
              />
            );
          }
          const stage = hit.stage ? stages.get(hit.stage) : undefined;
          return stage ? (
            <span className="gt-cell-badge" style={{ backgroundColor: stage.color, color: stage.fontColor }}>
              {stage.name}
            </span>
          ) : null;
        },
      }),
      leadScore: helper.accessor('leadScore', {
        id: 'leadScore',
        cell: ({ row }) => row.original.leadScore,
      }),
      statusLabel: helper.accessor('statusLabelId', {
        id: 'statusLabel',
        cell: ({ row }) => {
          const label = findStatusLabel(statusLabels, row.original.statusLabelId);
          return label ? <StatusLabelBadge label={label} variant="filled" /> : null;
        },
      }),
      tags: helper.accessor('tags', {
        id: 'tags',
        cell: ({ row }) => {
          const hit = row.original;
          return (
            <TagsCell
              subject={hit.GTID}
              name={hit.name}
              tagIds={hit.tags}
              labels={tags}
              options={tagChoices}
              onToggle={(tagId, isAdding) => saveTag(hit.GTID, tagId, isAdding)}
            />
          );
        },
      }),
      createdAt: helper.accessor('createdAt', {
        id: 'createdAt',
        cell: ({ row }) => dateFormat.format(new Date(row.original.createdAt)),
      }),
      updatedAt: helper.accessor('updatedAt', {
        id: 'updatedAt',
        cell: ({ row }) => dateFormat.format(new Date(row.original.updatedAt)),
      }),
    };
    return helper.columns(visible.map((id) => all[id]));
  }, [
    visible,
    stages,
    tags,
    tagChoices,
    statusLabels,
    pipelineStages,
    pipelineId,
    linkState,
    save,
    saveStage,
    saveTag,
  ]);

  const table = useTable({
    features: contactTableFeatures,
    columns,
    data: rows,
    getRowId: (row) => row.GTID,
  });
  const tableRows = table.getRowModel().rows;

  // The body's virtualizer needs the element that scrolls; a state, so the body renders once it exists.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The scroll and the ticks are kept for the address the table leaves, and the scroll is put back
  // once rows are in (the pages are still cached when the user comes back from a contact).
  const leaving = useRef({ url: listUrl, scrollTop: returnedTo.scrollTop ?? 0, selection: currentSelection });
  useEffect(() => {
    leaving.current.url = listUrl;
    leaving.current.selection = currentSelection;
  });
  useEffect(() => {
    if (!scrollElement) return;
    const onScroll = () => {
      leaving.current.scrollTop = scrollElement.scrollTop;
    };
    scrollElement.addEventListener('scroll', onScroll, { passive: true });
    return () => scrollElement.removeEventListener('scroll', onScroll);
  }, [scrollElement]);
  useEffect(
    () => () => {
      const { url, scrollTop, selection } = leaving.current;
      saveListView(url, { scrollTop, selected: toStoredSelection(selection) });
    },
    [],
  );
  const isScrollRestored = useRef(false);
  const loadedHeight = rows.length * ROW_HEIGHT;
  useEffect(() => {
    if (isScrollRestored.current || !scrollElement || loadedHeight === 0) return;
    const wanted = returnedTo.scrollTop ?? 0;
    // Pages the cache no longer holds (a reload) are read again down to where the user was.
    if (loadedHeight < wanted + scrollElement.clientHeight && hasNextPage) {
      loadMore();
      return;
    }
    isScrollRestored.current = true;
    if (wanted) scrollElement.scrollTo({ top: wanted });
  }, [scrollElement, loadedHeight, hasNextPage, loadMore, returnedTo]);

  const width = CHECKBOX_WIDTH + visible.reduce((sum, id) => sum + COLUMN_WIDTHS[id], 0);
  const headerState = useMemo(
    () => describeLoadedRows(currentSelection, loadedIds),
    [currentSelection, loadedIds],
  );
  const selectedCount = countSelected(currentSelection, total);
  const bulkFilter: BulkFilter = {
    objectToFilter,
    ...(searchText ? { searchObj: { text: searchText } } : {}),
  };

  function sortBy(field: SearchSortField) {
    setSort(toggleColumnSort(effectiveSort, field));
  }

  const sortOptions = (Object.keys(SORT_LABELS) as SearchSortField[])
    .filter((field) => (field !== 'rank' || pipelineId !== null) && (field !== 'relevance' || searchText))
    .map((field) => ({ value: field, label: SORT_LABELS[field] }));

  return (
    <Stack gap="sm" style={{ minHeight: 0, flex: 1 }}>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Select
            size="sm"
            label="Sort by"
            data={sortOptions}
            value={effectiveSort.field}
            onChange={(value) => value && setSort({ field: value, order: effectiveSort.order })}
            allowDeselect={false}
            w={170}
          />
          <Button
            size="sm"
            variant="default"
            mt={24}
            onClick={() =>
              setSort({ ...effectiveSort, order: effectiveSort.order === 'asc' ? 'desc' : 'asc' })
            }
            aria-label={`Sort order: ${effectiveSort.order === 'asc' ? 'ascending' : 'descending'}. Change it`}
          >
            {effectiveSort.order === 'asc' ? 'Ascending ↑' : 'Descending ↓'}
          </Button>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {query.isSuccess ? `${total.toLocaleString()} ${total === 1 ? 'contact' : 'contacts'}` : ''}
          </Text>
          {isPhone ? (
            <Text size="sm" c="dimmed">
              Tap a name for the whole record.
            </Text>
          ) : (
            <ColumnPicker prefs={prefs} onChange={setPrefs} hasPipeline={pipelineId !== null} />
          )}
        </Group>
      </Group>

      <Stack gap={4}>
        <BulkActionBar
          teamUID={teamUID}
          pipelineId={pipelineId}
          details={details}
          canDelete={canDelete}
          selectedCount={selectedCount}
          target={toBulkTarget(currentSelection, bulkFilter)}
          onFinished={() => {
            select(EMPTY_SELECTION);
            void queryClient.invalidateQueries({ queryKey: teamKeys.contactTable(teamUID) });
          }}
        />
        {currentSelection.mode === 'ids' && headerState === 'all' && total > loadedIds.length && (
          <Group gap="xs">
            <Text size="sm">All {loadedIds.length} loaded contacts are selected.</Text>
            <Button size="compact-sm" variant="subtle" onClick={() => select(selectAllMatching())}>
              Select all {total.toLocaleString()} matching
            </Button>
          </Group>
        )}
        {currentSelection.mode === 'all' && (
          <Group gap="xs">
            <Text size="sm">All {selectedCount.toLocaleString()} matching contacts are selected.</Text>
            <Button size="compact-sm" variant="subtle" onClick={() => select(EMPTY_SELECTION)}>
              Clear selection
            </Button>
          </Group>
        )}
      </Stack>

      {query.isError && !query.data ? (
        <QueryError
          title="The contacts could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : query.isPending ? (
        <Stack gap={6} aria-label="Loading contacts" aria-busy>
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} height={ROW_HEIGHT - 8} />
          ))}
        </Stack>
      ) : total === 0 ? (
        emptyAction
      ) : (
        <div
          ref={setScrollElement}
          style={{ overflow: 'auto', height: 'calc(100vh - 300px)', minHeight: 320, position: 'relative' }}
          className="contact-table-scroll"
          data-phone={isPhone || undefined}
        >
          <table
            role="grid"
            aria-label="Contacts"
            aria-rowcount={total + 1}
            style={{ display: 'grid', width, borderCollapse: 'collapse' }}
          >
            <thead
              style={{
                display: 'grid',
                position: 'sticky',
                top: 0,
                zIndex: 1,
                background: 'var(--mantine-color-body)',
              }}
            >
              <tr
                style={{
                  display: 'flex',
                  width: '100%',
                  borderBottom: '1px solid var(--mantine-color-default-border)',
                }}
                aria-rowindex={1}
              >
                <th
                  style={{ width: CHECKBOX_WIDTH, display: 'flex', alignItems: 'center', padding: '0 12px' }}
                >
                  <Checkbox
                    aria-label="Select all loaded contacts"
                    checked={headerState === 'all'}
                    indeterminate={headerState === 'some'}
                    onChange={() => select(toggleLoadedRows(currentSelection, loadedIds))}
                  />
                </th>
                {visible.map((id) => {
                  const field = COLUMN_SORT[id];
                  const active = field !== undefined && effectiveSort.field === field;
                  return (
                    <th
                      key={id}
                      aria-sort={
                        active ? (effectiveSort.order === 'asc' ? 'ascending' : 'descending') : undefined
                      }
                      style={{
                        width: COLUMN_WIDTHS[id],
                        display: 'flex',
                        alignItems: 'center',
                        padding: '8px 0',
                      }}
                    >
                      {field ? (
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          color="dark"
                          onClick={() => sortBy(field)}
                          rightSection={active ? (effectiveSort.order === 'asc' ? '↑' : '↓') : undefined}
                        >
                          {CONTACT_COLUMN_LABELS[id]}
                        </Button>
                      ) : (
                        <Text size="sm" fw={600} px={8}>
                          {CONTACT_COLUMN_LABELS[id]}
                        </Text>
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <VirtualRows
              scrollElement={scrollElement}
              rows={tableRows}
              columns={columns}
              selection={currentSelection}
              onToggle={toggleOne}
              onNearEnd={loadMore}
            />
          </table>
          {query.isFetchingNextPage && (
            <Text size="sm" c="dimmed" p="sm" role="status">
              Loading more contacts…
            </Text>
          )}
          {query.isFetchNextPageError && (
            <Alert color="red" m="sm" role="alert">
              <Group justify="space-between">
                <Text size="sm">More contacts could not be loaded.</Text>
                <Button size="xs" variant="white" color="red" onClick={() => void fetchNextPage()}>
                  Try again
                </Button>
              </Group>
            </Alert>
          )}
        </div>
      )}
    </Stack>
  );
}
