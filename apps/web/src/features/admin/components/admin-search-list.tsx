import { Paper, Skeleton, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { QueryError } from '../../../components/query-error';
import type { AdminPage, AdminSearch } from '../api/get-admin-users';
import { AdminPager } from './admin-pager';

const PAGE_SIZE = 25;

/** The search of an operators' list: the text as typed, and the search sent once typing pauses. */
export function useAdminSearch() {
  const [text, setText] = useState('');
  const [debouncedText] = useDebouncedValue(text, 300);
  const [page, setPage] = useState(1);
  const search: AdminSearch = { q: debouncedText, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  return {
    text,
    /** A new text starts again from the first page. */
    setText: (value: string) => {
      setText(value);
      setPage(1);
    },
    page,
    setPage,
    search,
  };
}

export interface AdminSearchListProps<Row> {
  search: ReturnType<typeof useAdminSearch>;
  result: UseQueryResult<AdminPage<Row>>;
  searchLabel: string;
  placeholder: string;
  /** What the rows are: "users", "teams". */
  noun: string;
  /** The table's accessible name and its column headings. */
  tableLabel: string;
  headings: string[];
  minWidth: number;
  /** The table's rows, once loaded. */
  children: (rows: Row[]) => ReactNode;
}

/** An operators' list: a search box, a paged table, and its loading and error states. */
export function AdminSearchList<Row>({
  search,
  result,
  searchLabel,
  placeholder,
  noun,
  tableLabel,
  headings,
  minWidth,
  children,
}: AdminSearchListProps<Row>) {
  return (
    <Stack gap="md">
      <TextInput
        label={searchLabel}
        placeholder={placeholder}
        type="search"
        value={search.text}
        onChange={(event) => search.setText(event.currentTarget.value)}
        maw={420}
      />
      <Paper withBorder radius="md" p="md">
        {result.isPending && <Skeleton height={160} />}
        {result.isError && (
          <QueryError
            title={`Could not load the ${noun}`}
            error={result.error}
            onRetry={() => void result.refetch()}
            isRetrying={result.isFetching}
          />
        )}
        {result.isSuccess && (
          <Stack gap="md">
            <Table.ScrollContainer minWidth={minWidth}>
              <Table verticalSpacing="sm" highlightOnHover aria-label={tableLabel}>
                <Table.Thead>
                  <Table.Tr>
                    {headings.map((heading) => (
                      <Table.Th key={heading}>{heading}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{children(result.data.items)}</Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <AdminPager
              page={search.page}
              pageSize={PAGE_SIZE}
              total={result.data.total}
              onChange={search.setPage}
              noun={noun}
            />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
