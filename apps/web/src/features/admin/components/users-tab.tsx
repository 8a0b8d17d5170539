import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useAdminUsers } from '../api/get-admin-users';
import { formatDate } from '../lib/format-date';
import { AdminSearchList, useAdminSearch } from './admin-search-list';
import { UserDrawer } from './user-drawer';

/** Operators find users, open one, and manage their super permission or sign in as them. */
export function UsersTab() {
  const search = useAdminSearch();
  const [openUID, setOpenUID] = useState<string | null>(null);
  const users = useAdminUsers(search.search);

  return (
    <>
      <AdminSearchList
        search={search}
        result={users}
        searchLabel="Search users"
        placeholder="Name or email address"
        noun="users"
        tableLabel="Users"
        headings={['Name', 'Email', 'Teams', 'Permission', 'Signed up']}
        minWidth={640}
      >
        {(rows) =>
          rows.map((user) => (
            <Table.Tr key={user.uid} onClick={() => setOpenUID(user.uid)} style={{ cursor: 'pointer' }}>
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
          ))
        }
      </AdminSearchList>
      <UserDrawer uid={openUID} onClose={() => setOpenUID(null)} />
    </>
  );
}
