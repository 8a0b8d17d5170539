import { Group, Pagination, Text } from '@mantine/core';

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

export interface AdminPagerProps {
  /** The 1-based page shown. */
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** What the rows are, for "Showing 1–25 of 120 users". */
  noun: string;
}

/** Where a paged table is, and the way to other pages. */
export function AdminPager({ page, pageSize, total, onChange, noun }: AdminPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {total === 0 ? `No ${noun}` : `Showing ${first}–${last} of ${total} ${noun}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          size="sm"
          aria-label={`Pages of ${noun}`}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Group>
  );
}
