import { Anchor, Badge, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { useAdminUsers } from '../api/get-admin-users';
import { formatDate } from '../lib/format-date';
import { AdminPager } from './admin-pager';
import { UserDrawer } from './user-drawer';

const PAGE_SIZE = 25;

/** Operators find users, open one, and manage their super permission or sign in as them. */
export function UsersTab() {
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query, 300);
  const [page, setPage] = useState(1);
  const [openUID, setOpenUID] = useState<string | null>(null);
  const users = useAdminUsers({ q: debouncedQuery, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });

  return (
    <Stack gap="md">
      <TextInput
        label="Search users"
        placeholder="Name or email address"
        type="search"
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      <Paper withBorder radius="md" p="md">
        {users.isPending && <Skeleton height={160} />}
        {users.isError && (
          <QueryError
            title="Could not load the users"
            error={users.error}
            onRetry={() => void users.refetch()}
            isRetrying={users.isFetching}
          />
        )}
        {users.isSuccess && (
          <Stack gap="md">
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" highlightOnHover aria-label="Users">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Teams</Table.Th>
                    <Table.Th>Permission</Table.Th>
                    <Table.Th>Signed up</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.data.items.map((user) => (
                    <Table.Tr
                      key={user.uid}
                      onClick={() => setOpenUID(user.uid)}
                      style={{ cursor: 'pointer' }}
                    >
                      <Table.Td>
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          fw={500}
                          onClick={(event) => {
                            event.stopPropagation();
                            setOpenUID(user.uid);
                          }}
                        >
                          {user.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{user.email}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{user.teamCount}</Text>
                      </Table.Td>
                      <Table.Td>
                        {user.isSuper ? (
                          <Badge color="grape" variant="light" tt="none">
                            Super
                          </Badge>
                        ) : (
                          <Text size="sm" c="dimmed">
                            User
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {formatDate(user.createdAt)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <AdminPager
              page={page}
              pageSize={PAGE_SIZE}
              total={users.data.total}
              onChange={setPage}
              noun="users"
            />
          </Stack>
        )}
      </Paper>
      <UserDrawer uid={openUID} onClose={() => setOpenUID(null)} />
    </Stack>
  );
}
