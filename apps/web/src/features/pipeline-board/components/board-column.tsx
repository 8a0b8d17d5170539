import { useDraggable, useDroppable } from '@dnd-kit/core';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { formatMoney } from '../../../lib/format';
import type { OpenDealsSum, SearchHit } from '../../../lib/search-client';
import type { Stage } from '../../../lib/pipelines';
import { type ColumnState, layOutColumn } from '../lib/board-state';
import { cardDropId, type DropData } from '../lib/drop-target';
import { CARD_HEIGHTS, type CardDensity } from '../lib/card-density';
import { ContactCard, type TagLabel } from './contact-card';

const CARD_GAP_PX = 8;
export const COLUMN_WIDTH_PX = 280;
/** From one card's top to the next one's, to scroll a column to a card's row. */
export const cardStepPx = (density: CardDensity) => CARD_HEIGHTS[density] + CARD_GAP_PX;

export interface BoardColumnProps {
  stage: Stage;
  column: ColumnState;
  stages: Stage[];
  /** The open deals of the stage's cards, per currency. */
  openDeals: OpenDealsSum[];
  tagLabels: Map<string, TagLabel>;
  activeGTID: string | null;
  /** The card that keeps the board's tab stop (arrow keys move it), if in this column. */
  currentGTID: string | null;
  /** Where a drag over this column would land ("after:<id>", "before:<id>", "" for the column), else null. */
  dropPlace: string | null;
  onNeedPages: (stageId: string, column: ColumnState, pages: number[]) => void;
  onRetry: (stageId: string) => void;
  onMove: (card: SearchHit, toStageId: string) => void;
  density: CardDensity;
  /** Opens the "Add contact" form on this stage. */
  onAdd: (stageId: string) => void;
}

/**
 * A stage: its header in the stage colours with the count and open deals, and its cards in a virtual
 * list. Memoised: a page loaded or a card moved re-renders only the columns it changes.
 */
export const BoardColumn = memo(function BoardColumn({
  stage,
  column,
  stages,
  openDeals,
  tagLabels,
  activeGTID,
  currentGTID,
  dropPlace,
  density,
  onNeedPages,
  onRetry,
  onMove,
  onAdd,
}: BoardColumnProps) {
  const rows = useMemo(() => layOutColumn(column), [column]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { setNodeRef } = useDroppable({
    id: stage.stageUID,
    data: { kind: 'column', stageId: stage.stageUID } satisfies DropData,
  });
  const [dropSide, dropGTID] = dropPlace?.split(':') ?? [];
  // Cards have one fixed height and rows keep their index keys (the card inside is keyed by contact),
  // so the virtualizer lays the column out again only when its count changes: not when a page loads,
  // and not on a scroll. Laying out a 20,000-card column costs milliseconds; per scroll frame it froze.
  // Scrolling renders with React's batching rather than synchronously on each scroll event: a flung
  // wheel fires several scroll events a frame, and rendering the cards for each gave 12–44 tasks over
  // 50 ms in 30 s of scrolling a 40,000-card column; batched, 0–2.
  const virtualizer = useVirtualizer({
    count: rows.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: useCallback(() => CARD_HEIGHTS[density], [density]),
    gap: CARD_GAP_PX,
    overscan: 6,
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  // Each column is one tab stop (its scroll area must be reachable by keyboard): the card last focused
  // when it is here, else the first card drawn. Arrow keys walk from there.
  const mountedCards = items.flatMap((item) => {
    const row = rows.rowAt(item.index);
    return 'card' in row ? [row.card.GTID] : [];
  });
  const tabStopGTID =
    currentGTID !== null && mountedCards.includes(currentGTID) ? currentGTID : (mountedCards[0] ?? null);
  // A new density changes every card's height: the one time the rows are laid out again for it.
  useEffect(() => virtualizer.measure(), [virtualizer, density]);

  const missingPages = useMemo(() => {
    const pages = new Set<number>();
    for (const item of items) {
      const row = rows.rowAt(item.index);
      if ('page' in row) pages.add(row.page);
    }
    return [...pages].sort((a, b) => a - b);
  }, [items, rows]);
  const missingKey = missingPages.join(',');

  useEffect(() => {
    if (missingKey === '' || column.error) return;
    onNeedPages(stage.stageUID, column, missingKey.split(',').map(Number));
  }, [missingKey, column, onNeedPages, stage.stageUID]);

  const headingId = `stage-${stage.stageUID}-heading`;
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      w={COLUMN_WIDTH_PX}
      miw={COLUMN_WIDTH_PX}
      bg={dropPlace !== null ? 'var(--gt-color-drop)' : 'var(--gt-color-column)'}
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      data-testid="board-column"
      data-stage-id={stage.stageUID}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        px="sm"
        py={8}
        style={{ backgroundColor: stage.color, color: stage.fontColor }}
      >
        <Text id={headingId} component="h2" fw={700} size="sm" truncate="end" m={0}>
          {stage.name}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Badge variant="white" color="dark" size="sm" data-testid="stage-count">
            {rows.count.toLocaleString()}
            <VisuallyHidden> {rows.count === 1 ? 'contact' : 'contacts'}</VisuallyHidden>
          </Badge>
          <ActionIcon
            variant="white"
            color="dark"
            size="sm"
            aria-label={`Add contact to ${stage.name}`}
            title={`Add contact to ${stage.name}`}
            onClick={() => onAdd(stage.stageUID)}
          >
            <span aria-hidden="true">+</span>
          </ActionIcon>
        </Group>
      </Group>
      {openDeals.length > 0 && (
        <Text
          size="xs"
          fw={600}
          px="sm"
          py={2}
          style={{ backgroundColor: stage.color, color: stage.fontColor }}
          data-testid="stage-open-deals"
        >
          {openDeals.map((sum) => formatMoney(sum.value, sum.currency)).join(' · ')}
          {` in ${openDeals.reduce((count, sum) => count + sum.count, 0).toLocaleString()} open deals`}
        </Text>
      )}
      {column.error && (
        <Stack gap={4} p="xs" role="alert">
          <Text size="xs" c="red">
            {column.error}
          </Text>
          <Button size="compact-xs" variant="light" color="red" onClick={() => onRetry(stage.stageUID)}>
            Try again
          </Button>
        </Stack>
      )}
      <Box
        ref={scrollRef}
        p="xs"
        style={{ overflowY: 'auto', height: 'max(320px, calc(100dvh - 330px))' }}
        data-testid="column-scroll"
      >
        {rows.count === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            No contacts in this stage.
          </Text>
        ) : (
          // The cards in view lie in the flow below a padding as tall as the cards above them: one
          // style change per scroll, where a position on each card would restyle every card.
          <div
            style={{
              display: 'flex',
              flexDirection: 'column',
              gap: CARD_GAP_PX,
              boxSizing: 'border-box',
              height: virtualizer.getTotalSize(),
              paddingTop: items[0]?.start ?? 0,
            }}
          >
            {items.map((item) => {
              const row = rows.rowAt(item.index);
              return (
                <div key={item.key} style={{ flexShrink: 0, height: CARD_HEIGHTS[density] }}>
                  {'card' in row ? (
                    <DraggableCard
                      key={row.card.GTID}
                      card={row.card}
                      stageId={stage.stageUID}
                      stages={stages}
                      tagLabels={tagLabels}
                      onMove={onMove}
                      isActive={row.card.GTID === activeGTID}
                      isCurrent={row.card.GTID === tabStopGTID}
                      dropSide={row.card.GTID === dropGTID ? dropSide : undefined}
                      density={density}
                    />
                  ) : (
                    <Skeleton height={CARD_HEIGHTS[density]} radius="sm" aria-hidden="true" />
                  )}
                </div>
              );
            })}
          </div>
        )}
      </Box>
    </Paper>
  );
});

/**
 * Memoised: the column re-renders on every scroll frame, its cards need not. A card is also a drop
 * area, so a card dropped on it goes before or after it.
 */
const DraggableCard = memo(function DraggableCard({
  card,
  stageId,
  stages,
  tagLabels,
  onMove,
  isActive,
  isCurrent,
  dropSide,
  density,
}: {
  card: SearchHit;
  stageId: string;
  stages: Stage[];
  tagLabels: Map<string, TagLabel>;
  onMove: (card: SearchHit, toStageId: string) => void;
  isActive: boolean;
  isCurrent: boolean;
  /** "before" or "after" while a card dragged over the column would land next to this one. */
  dropSide: string | undefined;
  density: CardDensity;
}) {
  const { setNodeRef: setDragRef, listeners } = useDraggable({ id: card.GTID, data: { card } });
  const { setNodeRef: setDropRef } = useDroppable({
    id: cardDropId(card.GTID),
    data: { kind: 'card', stageId, GTID: card.GTID } satisfies DropData,
  });
  const setNodeRef = useCallback(
    (node: HTMLDivElement | null) => {
      setDragRef(node);
      setDropRef(node);
    },
    [setDragRef, setDropRef],
  );
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      className="gt-card-slot"
      data-card-id={card.GTID}
      data-drop={dropSide}
      // The browser's own drag of the link or photo would cancel the board's drag.
      onDragStart={(event) => event.preventDefault()}
      style={{ opacity: isActive ? 0.4 : 1, touchAction: 'manipulation' }}
    >
      <ContactCard
        card={card}
        stages={stages}
        tagLabels={tagLabels}
        onMove={onMove}
        isTabStop={isCurrent}
        density={density}
      />
    </div>
  );
});
