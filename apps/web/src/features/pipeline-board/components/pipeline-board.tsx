import {
  type Active,
  type Announcements,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { showUndoToast } from '../../../components/undo-toast';
import { formatErrorMessage } from '../../../lib/api-client';
import type { OpenDealsSum, SearchHit } from '../../../lib/search-client';
import { scheduleBoardRefresh } from '../../../lib/change-events';
import type { Pipeline, TagSet } from '../../../lib/pipelines';
import { teamKeys } from '../../../lib/query-keys';
import { useAddContact } from '../../contact-create';
import { ContactFilterBar, useContactFilters } from '../../contact-filters';
import { type BoardQuery, fetchStagePage, useBoard } from '../api/board-search';
import { moveContactToStage } from '../api/move-contact';
import {
  BOARD_PAGE_SIZE,
  type BoardAction,
  type BoardState,
  type CardLocation,
  type CardPlace,
  type ColumnState,
  type StagePage,
  cardPosition,
  firstCard,
  locateCard,
  reduceBoard,
} from '../lib/board-state';
import { cardFocusTarget, cardInDirection } from '../lib/board-keys';
import { boardCollision, dropPlaceKey, type DropTarget, dropTargetOf } from '../lib/drop-target';
import { BoardOriginContext } from '../lib/board-origin';
import { useBoardViewMemory } from '../lib/use-board-view-memory';
import { useCardDensity } from '../lib/card-density';
import { BoardColumn, cardStepPx, COLUMN_WIDTH_PX } from './board-column';
import { ContactCard, type TagLabel } from './contact-card';
import './board-strip.css';
import { formatCount } from '../../../lib/format';

const NO_DEALS: OpenDealsSum[] = [];

export interface PipelineBoardProps {
  teamUID: string;
  pipeline: Pipeline;
  pipelines: Pipeline[];
  globalTagSets: TagSet[];
  /** More actions for the board's header, beside "Add contact" (the route composes other features'). */
  actions?: ReactNode;
}

function buildTagLabels(sets: TagSet[]): Map<string, TagLabel> {
  const labels = new Map<string, TagLabel>();
  for (const set of sets) {
    for (const tag of set.tags) labels.set(tag.tagUID, { name: tag.name, color: tag.color ?? set.color });
  }
  return labels;
}

/** The Pipeline View: a switcher, the shared filters and a column per stage with draggable cards. */
export function PipelineBoard({ teamUID, pipeline, pipelines, globalTagSets, actions }: PipelineBoardProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const filters = useContactFilters();
  const pipelineId = pipeline.groupUID;
  const query: BoardQuery = useMemo(
    () => ({ teamUID, pipelineId, filter: filters.filter, text: filters.text }),
    [teamUID, pipelineId, filters.filter, filters.text],
  );
  const board = useBoard(query);
  // A card's contact comes back to this address (its filters in the search params) and scroll.
  const location = useLocation();
  const url = `${location.pathname}${location.search}`;
  const origin = useMemo(() => ({ url, query }), [url, query]);
  const setStagesRegion = useBoardViewMemory(url);

  const stages = useMemo(() => {
    const wanted = filters.filter.stageIds;
    return pipeline.stages.filter((stage) => !wanted?.length || wanted.includes(stage.stageUID));
  }, [pipeline.stages, filters.filter.stageIds]);
  const tagLabels = useMemo(
    () => buildTagLabels([...pipeline.tagSets, ...globalTagSets]),
    [pipeline.tagSets, globalTagSets],
  );

  const openDealsByStage = useMemo(
    () => new Map((board.data ?? []).map((page) => [page.stageUID, page.openDeals ?? NO_DEALS])),
    [board.data],
  );

  const [state, dispatch] = useReducer(reduceBoard, {} as BoardState);
  // A new answer of the first paint replaces the cards, as React advises instead of an effect.
  const [shown, setShown] = useState<{ data: StagePage[]; stages: typeof stages } | null>(null);
  if (board.data && (shown?.data !== board.data || shown.stages !== stages)) {
    setShown({ data: board.data, stages });
    dispatch({ type: 'reset', stageIds: stages.map((stage) => stage.stageUID), stages: board.data });
  }

  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });

  const inFlight = useRef(new Set<string>());
  // The column passes the state it rendered, so a page is asked for the generation on screen.
  const loadPages = useCallback(
    (stageId: string, column: ColumnState, pages: number[]) => {
      const { generation } = column;
      for (const page of pages) {
        const key = `${stageId}:${generation}:${page}`;
        if (column.pages[page] || inFlight.current.has(key)) continue;
        inFlight.current.add(key);
        fetchStagePage(query, stageId, page * BOARD_PAGE_SIZE)
          .then((answer) =>
            dispatch({
              type: 'pageLoaded',
              stageId,
              generation,
              page,
              total: answer.total,
              hits: answer.hits,
            }),
          )
          .catch((error: unknown) =>
            dispatch({ type: 'pageFailed', stageId, generation, message: formatErrorMessage(error) }),
          )
          .finally(() => inFlight.current.delete(key));
      }
    },
    [query],
  );
  const retryColumn = useCallback((stageId: string) => dispatch({ type: 'clearError', stageId }), []);
  // A contact added here reaches its column through the team's change events, like a teammate's.
  const addContact = useAddContact(teamUID);
  const { open: openAddContact } = addContact;
  const addToStage = useCallback(
    (stageId: string) => openAddContact({ pipelineId, stageId }),
    [openAddContact, pipelineId],
  );

  // Teammates' changes and finished bulk jobs re-read the board through lib/change-events.ts, and so
  // does a saved move of ours; a move being saved holds those refreshes back (its mutation key).
  const move = useMutation({
    mutationKey: teamKeys.boardMoves(teamUID),
    mutationFn: moveContactToStage,
    meta: { isErrorShownInline: true },
  });
  const { mutateAsync: saveMove } = move;

  // The Undo of a toast shown for an earlier render calls the latest moveCard.
  const moveCardRef = useRef<(card: SearchHit, toStageId: string, how?: MoveHow) => void>(() => undefined);
  const stageNames = useMemo(
    () => new Map(pipeline.stages.map((stage) => [stage.stageUID, stage.name])),
    [pipeline.stages],
  );
  // What the board last did, for screen readers (a polite live region).
  const [announcement, setAnnouncement] = useState('');
  const [density, setDensity] = useCardDensity();
  // The card keeping the board's tab stop, and a card to focus once its move has drawn.
  const [currentGTID, setCurrentGTID] = useState<string | null>(null);
  const focusAfterMove = useRef<string | null>(null);

  /**
   * Moves a card (shown at once, saved in one write): next to the card `place` names, or to the top of
   * its new column. A move the user made offers an Undo, which puts the card back in its stage and
   * place, also in one write.
   */
  const moveCard = useCallback(
    (card: SearchHit, toStageId: string, { place, undoing, focus = false }: MoveHow = {}) => {
      const state = stateRef.current;
      const from = locateCard(state, card.GTID);
      if (!from) return;
      const action: BoardAction = { type: 'move', GTID: card.GTID, toStageId, slot: undoing?.slot, place };
      const next = reduceBoard(state, action);
      const was = cardPosition(state, card.GTID);
      const to = cardPosition(next, card.GTID);
      if (!to || (to.stageId === was?.stageId && to.position === was.position)) return;
      const name = card.name || 'the contact';
      const stageName = stageNames.get(toStageId) ?? 'another stage';
      dispatch(action);
      stateRef.current = next;
      setAnnouncement(`Moved ${name} to ${stageName}, position ${to.position} of ${to.count}`);
      if (focus) focusAfterMove.current = card.GTID;
      const rank = undoing ? card.rank : null;
      saveMove({
        teamUID,
        GTID: card.GTID,
        pipelineId,
        stageId: toStageId,
        rank,
        place: undoing ? undefined : place,
      })
        .then(() => {
          scheduleBoardRefresh(queryClient, teamUID, pipelineId);
          if (undoing) return;
          showUndoToast({
            message: `Moved ${name} to ${stageName}.`,
            label: `Undo moving ${name}`,
            undo: () => moveCardRef.current(card, from.stageId, { undoing: from }),
          });
        })
        .catch((error: unknown) => {
          dispatch({ type: 'move', GTID: card.GTID, toStageId: from.stageId, slot: from.slot });
          notifications.show({
            color: 'red',
            title: `Couldn't move ${name}`,
            message: formatErrorMessage(error),
          });
        });
    },
    [teamUID, pipelineId, saveMove, queryClient, stageNames],
  );
  useEffect(() => {
    moveCardRef.current = moveCard;
  });
  // The card menu's move (the keyboard's way): to the top of the stage, where it is in view, keeping focus.
  const moveFromMenu = useCallback(
    (card: SearchHit, toStageId: string) => {
      const column = stateRef.current[toStageId];
      const first = column && firstCard(column);
      moveCard(card, toStageId, { place: first ? { before: first.GTID } : undefined, focus: true });
    },
    [moveCard],
  );

  const regionRef = useRef<HTMLElement | null>(null);
  const setRegion = useCallback(
    (region: HTMLDivElement | null) => {
      regionRef.current = region;
      setStagesRegion(region);
    },
    [setStagesRegion],
  );
  // Focus follows a card moved from its menu to its new column, scrolled into view if it is not.
  useEffect(() => {
    const GTID = focusAfterMove.current;
    const region = regionRef.current;
    if (!GTID || !region) return;
    focusAfterMove.current = null;
    let frames = 0;
    let frame = 0;
    const tryFocus = () => {
      const card = region.querySelector(`[data-card-id="${CSS.escape(GTID)}"]`);
      const target = card && cardFocusTarget(card);
      if (target) {
        target.focus();
        return;
      }
      const at = cardPosition(stateRef.current, GTID);
      const list =
        at &&
        region.querySelector(`[data-stage-id="${CSS.escape(at.stageId)}"] [data-testid="column-scroll"]`);
      if (at && list && frames === 0) list.scrollTop = (at.position - 1) * cardStepPx(density);
      // The virtual list draws the rows scrolled to on a later frame.
      if ((frames += 1) < 10) frame = requestAnimationFrame(tryFocus);
    };
    tryFocus();
    return () => cancelAnimationFrame(frame);
  }, [state, density]);

  // Arrow keys move focus between cards (up and down) and columns (left and right).
  const onBoardKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const card = (event.target as HTMLElement).closest<HTMLElement>('[data-card-id]');
    const region = regionRef.current;
    if (!card || !region || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = cardInDirection(region, card, event.key);
    const target = next && cardFocusTarget(next);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  // Each column is one tab stop, on the card last focused there (board-column.tsx).
  const onBoardFocus = (event: FocusEvent<HTMLDivElement>) => {
    const card = (event.target as HTMLElement).closest<HTMLElement>('[data-card-id]');
    if (card) setCurrentGTID(card.dataset.cardId ?? null);
  };

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
  );
  const [activeCard, setActiveCard] = useState<SearchHit | null>(null);
  // Where the dragged card would land, shown as a line between cards.
  const [dropTarget, setDropTarget] = useState<DropTarget | null>(null);
  const onDragStart = (event: DragStartEvent) => {
    setActiveCard((event.active.data.current as { card: SearchHit } | undefined)?.card ?? null);
  };
  const onDragMove = (event: DragMoveEvent) => {
    const target = dropTargetOf(event.collisions);
    const key = (value: DropTarget | null) => (value ? `${value.stageId}|${dropPlaceKey(value)}` : '');
    if (key(target) !== key(dropTarget)) setDropTarget(target);
  };
  const onDragEnd = (event: DragEndEvent) => {
    setActiveCard(null);
    setDropTarget(null);
    const card = (event.active.data.current as { card: SearchHit } | undefined)?.card;
    const target = dropTargetOf(event.collisions);
    if (card && target) moveCard(card, target.stageId, { place: target.place });
  };
  const endDrag = () => {
    setActiveCard(null);
    setDropTarget(null);
  };

  const switchPipeline = (id: string | null) => {
    if (!id || id === pipelineId) return;
    const next = new URLSearchParams(searchParams);
    // Stages and pipeline tags belong to the pipeline being left.
    next.delete('stages');
    next.delete('tags');
    next.delete('tagMode');
    const search = next.toString();
    void navigate(`/contacts/pipeline/${encodeURIComponent(id)}${search ? `?${search}` : ''}`);
  };

  const total = stages.reduce((sum, stage) => {
    const column = state[stage.stageUID];
    if (!column) return sum;
    return sum + column.serverTotal;
  }, 0);

  return (
    <BoardOriginContext.Provider value={origin}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={1} size="h3">
              Pipeline View
            </Title>
            <Text size="sm" c="dimmed" aria-live="polite">
              {board.data ? formatCount(total, 'contact') : 'Loading contacts…'}
            </Text>
          </Stack>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="Pipeline"
              data={pipelines.map((item) => ({ value: item.groupUID, label: item.nickName }))}
              value={pipelineId}
              onChange={switchPipeline}
              allowDeselect={false}
              w={{ base: '100%', xs: 300 }}
            />
            <Switch
              label="Compact cards"
              checked={density === 'compact'}
              onChange={(event) => setDensity(event.currentTarget.checked ? 'compact' : 'comfortable')}
              mb={8}
            />
            {actions}
            <Button onClick={() => openAddContact({ pipelineId })}>Add contact</Button>
          </Group>
        </Group>
        {addContact.modal}
        <ContactFilterBar
          teamUID={teamUID}
          pipelineId={pipelineId}
          value={{ filter: filters.filter, text: filters.text }}
          onChange={filters.set}
        />
        {board.isError && !board.data ? (
          <QueryError
            title="Couldn't load the board"
            error={board.error}
            onRetry={() => void board.refetch()}
            isRetrying={board.isFetching}
          />
        ) : !board.data ? (
          <BoardSkeleton count={Math.max(stages.length, 1)} />
        ) : stages.length === 0 ? (
          <Paper withBorder p="lg">
            <Text c="dimmed">This pipeline has no stages yet. Add stages in Setup → Pipelines.</Text>
          </Paper>
        ) : (
          <Box pos="relative">
            {board.isFetching && (
              <Loader
                size="xs"
                pos="absolute"
                top={-20}
                right={0}
                role="status"
                aria-label="Updating the board"
              />
            )}
            <DndContext
              sensors={sensors}
              collisionDetection={boardCollision}
              onDragStart={onDragStart}
              onDragMove={onDragMove}
              onDragEnd={onDragEnd}
              onDragCancel={endDrag}
              accessibility={{
                announcements: dragAnnouncements,
                screenReaderInstructions: {
                  draggable:
                    'To move a contact with the keyboard, use the "Move to stage…" menu on its card.',
                },
              }}
            >
              <Group
                ref={setRegion}
                gap="sm"
                wrap="nowrap"
                align="flex-start"
                className="gt-board-strip"
                style={{ overflowX: 'auto' }}
                pb="xs"
                aria-label={`Stages of ${pipeline.nickName}`}
                role="region"
                onKeyDown={onBoardKeyDown}
                onFocus={onBoardFocus}
              >
                {stages.map((stage) => {
                  const column = state[stage.stageUID];
                  if (!column) return null;
                  return (
                    <BoardColumn
                      key={stage.stageUID}
                      stage={stage}
                      column={column}
                      stages={pipeline.stages}
                      openDeals={openDealsByStage.get(stage.stageUID) ?? NO_DEALS}
                      tagLabels={tagLabels}
                      activeGTID={activeCard?.GTID ?? null}
                      currentGTID={currentGTID}
                      density={density}
                      dropPlace={dropTarget?.stageId === stage.stageUID ? dropPlaceKey(dropTarget) : null}
                      onNeedPages={loadPages}
                      onRetry={retryColumn}
                      onMove={moveFromMenu}
                      onAdd={addToStage}
                    />
                  );
                })}
              </Group>
              <DragOverlay>
                {activeCard && (
                  <Box w={COLUMN_WIDTH_PX - 20}>
                    <ContactCard
                      card={activeCard}
                      stages={pipeline.stages}
                      tagLabels={tagLabels}
                      onMove={moveFromMenu}
                      isOverlay
                      density={density}
                    />
                  </Box>
                )}
              </DragOverlay>
            </DndContext>
            <VisuallyHidden aria-live="polite" data-testid="board-announcement">
              {announcement}
            </VisuallyHidden>
          </Box>
        )}
      </Stack>
    </BoardOriginContext.Provider>
  );
}

const nameOfDragged = (active: Active) =>
  (active.data.current as { card: SearchHit } | undefined)?.card.name || 'the contact';

// Drags speak of names, not ids; where a card landed is the board's own announcement.
const dragAnnouncements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${nameOfDragged(active)}.`,
  onDragOver: () => undefined,
  onDragEnd: () => undefined,
  onDragCancel: ({ active }) => `Moving ${nameOfDragged(active)} was cancelled.`,
};

/** How a card moves: next to a card (a drop), back to a slot (an Undo), and whether focus follows it. */
interface MoveHow {
  place?: CardPlace | undefined;
  undoing?: CardLocation;
  focus?: boolean;
}

function BoardSkeleton({ count }: { count: number }) {
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      style={{ overflow: 'hidden' }}
      role="status"
      aria-busy="true"
      aria-label="Loading the board"
    >
      {Array.from({ length: Math.min(count, 6) }, (_, index) => (
        <Stack key={index} w={COLUMN_WIDTH_PX} miw={COLUMN_WIDTH_PX} gap="xs">
          <Skeleton height={36} />
          <Skeleton height={96} />
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ))}
    </Group>
  );
}
