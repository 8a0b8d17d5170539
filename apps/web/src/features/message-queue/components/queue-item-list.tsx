import { Alert, Box, Button, Checkbox, Group, Loader, Text } from '@mantine/core';
import type { QueueItem, QueueItemStatus, SocialPlatform } from '@grouptrack/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { formatPlatformName } from '../../../lib/platform-names';
import { useChangeQueueItems, useEditQueueItem, useMoveQueueItem, useQueueItems } from '../api/queue-items';
import type { ConversationTab } from '../lib/conversation-tabs';
import { describeBulkResult } from '../lib/describe-queue-result';
import type { QueueBulkAction } from '../lib/describe-queue-result';
import { NO_SELECTION, keepListed, toggleAllListed, toggleInSelection } from '../lib/list-selection';
import { findMoveTarget } from '../lib/move-target';
import { readQueueKey } from '../lib/queue-keys';
import { EditItemModal } from './edit-item-modal';
import { QueueItemRow } from './queue-item-row';

/** A row's height before it is measured: a name line, two lines of text, a reason and the times. */
const ESTIMATED_ROW_HEIGHT = 112;
/** Rows from the end of those loaded at which the next page is asked for. */
const PREFETCH_ROWS = 10;

/** How each list is named for those who hear the page. */
const LIST_NAMES: Record<QueueItemStatus, string> = {
  sent: 'Sent',
  scheduled: 'Scheduled',
  pending: 'Review',
  failed: 'Failed',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
  sending: 'Sending',
};

const EMPTY_MESSAGES: Record<QueueItemStatus, string> = {
  sent: 'No message has been sent yet. Queue one from a contact, or to many from the Table: the queue sends them at its pace.',
  scheduled: 'Nothing is scheduled. Queue a message from a contact, or to many from the Table.',
  pending: 'Nothing waits for review.',
  failed: 'No message failed.',
  skipped: 'No message was skipped.',
  cancelled: 'No message was cancelled.',
  sending: 'No message is being sent.',
};

export interface QueueItemListProps {
  teamUID: string;
  tab: ConversationTab;
  status: QueueItemStatus;
  platform: SocialPlatform | null;
}

/**
 * One tab's messages, a page at a time, with only the rows in view in the page. In Scheduled and
 * Review they can be ticked (shift-click ticks a range) and acted on together; Review takes the
 * keyboard: J and K move, A approves, R rejects, E edits, X ticks.
 */
export function QueueItemList({ teamUID, tab, status, platform }: QueueItemListProps) {
  const query = useQueueItems(teamUID, status, platform);
  const change = useChangeQueueItems(teamUID);
  const edit = useEditQueueItem(teamUID);
  const move = useMoveQueueItem(teamUID);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const order = items.map((item) => item.id);
  const isSelectable = tab === 'scheduled' || tab === 'review';
  const [selection, setSelection] = useState(NO_SELECTION);
  const selected = keepListed(selection, order);
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(items.length - 1, 0));
  const [editing, setEditing] = useState<QueueItem | null>(null);
  const [confirming, setConfirming] = useState<QueueBulkAction | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  const scrollRef = useRef<HTMLDivElement | null>(null);
  const listRef = useRef<HTMLUListElement | null>(null);
  const rowRefs = useRef(new Map<number, HTMLLIElement>());
  // While the list is worked by keyboard, the row in the active place keeps the focus; a move asks
  // for it to be scrolled to and focused once drawn.
  const usesKeyboard = useRef(false);
  const wantsFocus = useRef(false);

  // The app is not built with React Compiler, so the virtualizer's unmemoisable functions are fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => items[index]?.id ?? index,
    overscan: 4,
  });
  const rows = virtualizer.getVirtualItems();

  const lastIndex = rows.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= items.length - PREFETCH_ROWS) void fetchNextPage();
  }, [lastIndex, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Keep the keyboard on the message in the active place as the list changes under it: after a
  // move, and when the focused message left the list (approved, rejected) or a modal closed.
  useEffect(() => {
    if (!usesKeyboard.current || items.length === 0) return;
    if (wantsFocus.current) virtualizer.scrollToIndex(current, { align: 'auto' });
    const row = rowRefs.current.get(current);
    const focused = document.activeElement;
    if (row && focused !== row && (wantsFocus.current || focused === document.body || focused === null)) {
      wantsFocus.current = false;
      row.focus({ preventScroll: true });
    }
  });

  function run(action: QueueBulkAction, ids: string[], onDone?: () => void) {
    setOutcome(null);
    change.mutate(
      { action, ids },
      {
        onSuccess: (result) => {
          setOutcome(describeBulkResult(action, result));
          onDone?.();
        },
      },
    );
  }

  const onToggle = (id: string, isRange: boolean) =>
    setSelection((now) => toggleInSelection({ selection: now, order, id, isRange }));
  const onApprove = (item: QueueItem) => run('approve', [item.id]);
  const onReject = (item: QueueItem) => run('reject', [item.id]);
  const onCancel = (item: QueueItem) => run('cancel', [item.id]);
  const onEdit = (item: QueueItem) => {
    edit.reset();
    setEditing(item);
  };
  const onMove = (item: QueueItem, by: -1 | 1) => {
    const target = findMoveTarget(
      items,
      items.findIndex((each) => each.id === item.id),
      by,
    );
    if (!target) return;
    setOutcome(null);
    move.mutate(
      { id: item.id, ...target },
      { onError: (error) => setOutcome(`Couldn't move it: ${formatErrorMessage(error)}`) },
    );
  };

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const action = readQueueKey(event.key, { ctrl: event.ctrlKey, meta: event.metaKey, alt: event.altKey });
    const item = items[current];
    if (!action || !item) return;
    usesKeyboard.current = true;
    if (action.kind === 'move') {
      event.preventDefault();
      wantsFocus.current = true;
      setActive(Math.min(Math.max(current + action.by, 0), items.length - 1));
      return;
    }
    const isReview = tab === 'review';
    if (action.kind === 'select' && isSelectable) onToggle(item.id, event.shiftKey);
    else if (action.kind === 'edit' && isSelectable) onEdit(item);
    else if (action.kind === 'approve' && isReview && !change.isPending) onApprove(item);
    else if (action.kind === 'reject' && isReview && !change.isPending) onReject(item);
    else return;
    event.preventDefault();
  }

  function saveEdit(text: string, andApprove: boolean) {
    if (!editing) return;
    const id = editing.id;
    edit.mutate(
      { id, text },
      {
        onSuccess: () => {
          setEditing(null);
          if (andApprove) run('approve', [id]);
          else setOutcome('Saved the new text.');
        },
      },
    );
  }

  const where = platform ? ` on ${formatPlatformName(platform)}` : '';

  if (query.isPending) return <Loader role="status" aria-label="Loading the messages" />;
  if (query.isError) {
    return (
      <QueryError
        title="Couldn't load the messages"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }

  const headerState =
    order.length > 0 && selected.length === order.length ? 'all' : selected.length > 0 ? 'some' : 'none';

  return (
    <Box>
      {isSelectable && items.length > 0 && (
        <Group gap="xs" mb="xs" mih={30}>
          <Checkbox
            aria-label="Select all loaded messages"
            checked={headerState === 'all'}
            indeterminate={headerState === 'some'}
            onChange={() => setSelection((now) => toggleAllListed(now, order))}
          />
          <Text size="sm" fw={500} aria-live="polite">
            {selected.length === 0
              ? tab === 'review'
                ? 'J and K move, A approves, R rejects, E edits, X ticks. Shift-click ticks a range.'
                : 'Tick messages to cancel them together. Shift-click ticks a range.'
              : `${selected.length.toLocaleString()} selected`}
          </Text>
          {selected.length > 0 && tab === 'review' && (
            <>
              <Button size="xs" onClick={() => run('approve', selected)} loading={change.isPending}>
                Approve {formatCount(selected.length, 'message')}
              </Button>
              <Button size="xs" variant="light" color="red" onClick={() => setConfirming('reject')}>
                Reject {formatCount(selected.length, 'message')}
              </Button>
            </>
          )}
          {selected.length > 0 && tab === 'scheduled' && (
            <Button size="xs" variant="light" color="red" onClick={() => setConfirming('cancel')}>
              Cancel {formatCount(selected.length, 'message')}
            </Button>
          )}
        </Group>
      )}
      <Text size="sm" role="status" mb={outcome ? 'xs' : 0}>
        {outcome ?? ''}
      </Text>
      {change.error != null && (
        <Alert color="red" variant="light" role="alert" mb="xs">
          {formatErrorMessage(change.error)}
        </Alert>
      )}
      {items.length === 0 ? (
        <EmptyState
          title={`No messages${where}`}
          description={EMPTY_MESSAGES[status]}
          icon="conversations"
          headingLevel={2}
        />
      ) : (
        <div
          ref={scrollRef}
          style={{ height: 'calc(100vh - 300px)', minHeight: 320, overflowY: 'auto' }}
          data-testid="queue-scroll"
        >
          <ul
            ref={listRef}
            aria-label={`${LIST_NAMES[status]} messages${where}`}
            onPointerDown={() => {
              usesKeyboard.current = false;
            }}
            onKeyDown={onKeyDown}
            style={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              position: 'relative',
              height: virtualizer.getTotalSize(),
            }}
          >
            {rows.map((row) => {
              const item = items[row.index]!;
              return (
                <li
                  key={row.key}
                  data-index={row.index}
                  ref={(element) => {
                    virtualizer.measureElement(element);
                    if (element) rowRefs.current.set(row.index, element);
                    else rowRefs.current.delete(row.index);
                  }}
                  tabIndex={row.index === current ? 0 : -1}
                  aria-label={item.contactName || 'Unnamed contact'}
                  aria-posinset={row.index + 1}
                  aria-setsize={query.hasNextPage ? -1 : items.length}
                  onFocus={() => setActive(row.index)}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    transform: `translateY(${row.start}px)`,
                    borderBottom: '1px solid var(--mantine-color-default-border)',
                    outlineOffset: -2,
                  }}
                >
                  <QueueItemRow
                    item={item}
                    tab={tab}
                    isSelectable={isSelectable}
                    isSelected={selection.ids.has(item.id)}
                    isBusy={change.isPending || move.isPending}
                    canMoveUp={tab === 'scheduled' && findMoveTarget(items, row.index, -1) !== null}
                    canMoveDown={tab === 'scheduled' && findMoveTarget(items, row.index, 1) !== null}
                    onToggle={onToggle}
                    onApprove={onApprove}
                    onReject={onReject}
                    onCancel={onCancel}
                    onEdit={onEdit}
                    onMove={onMove}
                  />
                </li>
              );
            })}
          </ul>
          {query.isFetchingNextPage && (
            <Loader size="sm" m="sm" role="status" aria-label="Loading more messages" />
          )}
        </div>
      )}
      {editing && (
        <EditItemModal
          item={editing}
          canApprove={editing.status === 'pending'}
          isPending={edit.isPending}
          error={edit.error}
          onSave={saveEdit}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={confirming !== null}
        title={confirming === 'reject' ? 'Reject messages' : 'Cancel messages'}
        confirmLabel={`${confirming === 'reject' ? 'Reject' : 'Cancel'} ${formatCount(selected.length, 'message')}`}
        onConfirm={() => confirming && run(confirming, selected, () => setConfirming(null))}
        onClose={() => setConfirming(null)}
        isPending={change.isPending}
        error={change.error}
      >
        {confirming === 'reject'
          ? `Reject ${formatCount(selected.length, 'message')}? They will not be sent.`
          : `Cancel ${formatCount(selected.length, 'scheduled message')}? They will not be sent.`}
      </ConfirmModal>
    </Box>
  );
}
