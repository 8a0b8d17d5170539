import { FlexRender } from '@tanstack/react-table';
import type { Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import type { SearchHit } from '../../../lib/search-client';
import { isRowSelected, type Selection } from '../../../lib/selection';
import { COLUMN_WIDTHS, type ContactColumnId } from '../lib/column-prefs';
import { assignRowSlots } from '../lib/row-slots';
import type { contactTableFeatures } from '../lib/table-features';
import './contact-table.css';

/** Every row has this height (contact-table.css), so the virtualizer places rows without measuring them. */
export const ROW_HEIGHT = 44;
const rowSize = () => ROW_HEIGHT;
/** Rows from the end of the loaded ones at which the next page is asked for. */
const PREFETCH_ROWS = 20;

type ContactRowModel = Row<typeof contactTableFeatures, SearchHit>;

export interface VirtualRowsProps {
  /** The element that scrolls (the table's wrapper); null until it is mounted. */
  scrollElement: HTMLDivElement | null;
  rows: ContactRowModel[];
  /** The column definitions: a new list re-renders the rows in view. */
  columns: unknown;
  selection: Selection;
  onToggle: (GTID: string) => void;
  /** Asked for when the rows in view come near the end of the loaded ones. */
  onNearEnd: () => void;
}

/**
 * The table's body: only the rows in view (and a few more) are in the page. It is its own component
 * so that a scroll re-renders the body alone, not the toolbar and header above it.
 */
export function VirtualRows({
  scrollElement,
  rows,
  columns,
  selection,
  onToggle,
  onNearEnd,
}: VirtualRowsProps) {
  // Rows keep their index keys and one fixed height: loading a page or scrolling never makes the
  // virtualizer lay out the loaded rows again, only a change of their count does.
  // The app is not built with React Compiler, so the virtualizer's unmemoisable functions are fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: rowSize,
    // Rows have a fixed height, so few rows beyond the view are needed; each costs styling when it comes in.
    overscan: 2,
    // Rendered with React's batching, not on each scroll event, as the board's columns are (board-column.tsx).
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  // Rows are drawn in reused slots (row-slots.ts). The ref only caches the last assignment, which
  // the same items always give again, so rendering twice is harmless.
  const slotsRef = useRef(new Map<number, number>());
  const slots = assignRowSlots(
    slotsRef.current,
    items.map((item) => item.index),
  );
  slotsRef.current = slots;
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (lastIndex >= rows.length - PREFETCH_ROWS) onNearEnd();
  }, [lastIndex, rows.length, onNearEnd]);

  return (
    // The rows in view lie in the body's flow, below a padding as tall as the rows above them: one
    // style change per scroll, where a position on each row would restyle every row.
    <tbody
      className="gt-table-body"
      style={{ height: virtualizer.getTotalSize(), paddingTop: items[0]?.start ?? 0 }}
    >
      {items.map((item) => {
        const row = rows[item.index]!;
        return (
          <ContactRow
            key={slots.get(item.index)}
            row={row}
            index={item.index}
            columns={columns}
            isSelected={isRowSelected(selection, row.id)}
            onToggle={onToggle}
          />
        );
      })}
    </tbody>
  );
}

interface ContactRowProps {
  row: ContactRowModel;
  index: number;
  columns: unknown;
  isSelected: boolean;
  onToggle: (GTID: string) => void;
}

/** One contact. Memoised: rows already in view do not render again as the table scrolls. */
const ContactRow = memo(function ContactRow({ row, index, isSelected, onToggle }: ContactRowProps) {
  const hit = row.original;
  const element = useRef<HTMLTableRowElement>(null);
  // A slot that now shows another contact lets go of the focus, as a row leaving the page would: a
  // focused checkbox or cell must not silently start to stand for someone else.
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && element.current?.contains(focused)) focused.blur();
  }, [row.id]);
  return (
    <tr ref={element} className="gt-table-row" aria-rowindex={index + 2} aria-selected={isSelected}>
      <td className="gt-table-check-cell">
        {/* A drawn checkbox: a native one costs more to style than the rest of the row. */}
        <span
          role="checkbox"
          tabIndex={0}
          className="gt-table-check"
          aria-label={`Select ${hit.name || hit.emailAddress || 'contact'}`}
          aria-checked={isSelected}
          onClick={() => onToggle(row.id)}
          onKeyDown={(event) => {
            if (event.key !== ' ' && event.key !== 'Enter') return;
            event.preventDefault();
            onToggle(row.id);
          }}
        />
      </td>
      {row.getAllCells().map((cell) => (
        <td
          key={cell.column.id}
          className="gt-table-cell"
          style={{ width: COLUMN_WIDTHS[cell.column.id as ContactColumnId] }}
        >
          <FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  );
});
