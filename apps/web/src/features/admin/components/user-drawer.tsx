import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { QueryError } from '../../../components/query-error';
import { RoleBadge } from '../../../components/role-badge';
import { formatErrorMessage } from '../../../lib/api-client';
import { useLoggedUser } from '../../../app/signed-in-user';
import { useAdminUser } from '../api/get-admin-user';
import type { AdminUserDetail } from '../api/get-admin-user';
import { useImpersonateUser } from '../api/impersonate-user';
import { useSetSuperPermission } from '../api/set-super-permission';
import { formatDate, formatDateTime } from '../lib/format-date';

const REASON_MIN_LENGTH = 3;
const REASON_MAX_LENGTH = 500;

export interface UserDrawerProps {
  /** The user to show, or null when the drawer is closed. */
  uid: string | null;
  onClose: () => void;
}

/** One user for operators: their teams, the super permission, "Sign in as" and who signed in as them. */
export function UserDrawer({ uid, onClose }: UserDrawerProps) {
  const user = useAdminUser(uid);
  return (
    <Drawer
      opened={uid !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={user.data?.name ?? 'User'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {user.isPending && <Skeleton height={240} />}
      {user.isError && (
        <QueryError
          title="Could not load the user"
          error={user.error}
          onRetry={() => void user.refetch()}
          isRetrying={user.isFetching}
        />
      )}
      {user.isSuccess && <UserDetail key={user.data.uid} user={user.data} />}
    </Drawer>
  );
}

function UserDetail({ user }: { user: AdminUserDetail }) {
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Text size="sm">{user.email}</Text>
        <Text size="xs" c="dimmed">
          Signed up {formatDate(user.createdAt)} · {user.passwordSet ? 'Has a password' : 'No password yet'}
        </Text>
      </Stack>
      <Section title="Teams">
        {user.teams.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not in any team.
          </Text>
        ) : (
          <Table aria-label="Teams of the user" verticalSpacing={6}>
            <Table.Tbody>
              {user.teams.map((team) => (
                <Table.Tr key={team.teamUID}>
                  <Table.Td>
                    <Text size="sm">{team.teamName}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <RoleBadge role={team.role} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
      <Divider />
      <SuperPermission user={user} />
      <Divider />
      <SignInAs user={user} />
      <Section title="Recent sign-ins as this user">
        {user.impersonations.length === 0 ? (
          <Text size="sm" c="dimmed">
            No operator has signed in as this user.
          </Text>
        ) : (
          <Table aria-label="Recent sign-ins as this user" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Operator</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.impersonations.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(entry.startedAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.superUserEmail ?? entry.superUserUID}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.reason}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
    </Stack>
  );
}

function SuperPermission({ user }: { user: AdminUserDetail }) {
  const me = useLoggedUser();
  const [pending, setPending] = useState<boolean | null>(null);
  const setSuper = useSetSuperPermission();
  const isSelf = me.uid === user.uid;

  const confirm = () => {
    if (pending === null) return;
    setSuper.mutate(
      { uid: user.uid, isSuper: pending },
      {
        onSuccess: (updated) => {
          setPending(null);
          notifications.show({
            color: 'teal',
            title: updated.isSuper ? 'Super permission granted' : 'Super permission revoked',
            message: `${updated.name} ${updated.isSuper ? 'can now' : 'can no longer'} use the admin pages.`,
            autoClose: TOAST_TIMEOUT_MS,
          });
        },
      },
    );
  };

  return (
    <Section title="Permission">
      <Switch
        label="Super permission"
        description={
          isSelf
            ? 'You cannot take the super permission from yourself; ask another operator.'
            : 'Lets this user open the admin pages: every user, team and plan.'
        }
        checked={pending ?? user.isSuper}
        disabled={isSelf && user.isSuper}
        onChange={(event) => {
          setSuper.reset();
          const wanted = event.currentTarget.checked;
          setPending(wanted === user.isSuper ? null : wanted);
        }}
      />
      {pending !== null && (
        <Alert
          color={pending ? 'grape' : 'orange'}
          variant="light"
          title={
            pending
              ? `Grant the super permission to ${user.name}?`
              : `Take the super permission from ${user.name}?`
          }
        >
          <Stack gap="sm">
            <Text size="sm">
              {pending
                ? 'They will see and change every user, team and plan of this installation.'
                : 'They will no longer open the admin pages.'}
            </Text>
            {setSuper.isError && (
              <Text size="sm" c="red" role="alert">
                {formatErrorMessage(setSuper.error)}
              </Text>
            )}
            <Group gap="sm">
              <Button
                size="xs"
                color={pending ? 'grape' : 'orange'}
                loading={setSuper.isPending}
                onClick={confirm}
              >
                {pending ? 'Grant super permission' : 'Revoke super permission'}
              </Button>
              <Button size="xs" variant="default" onClick={() => setPending(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Section>
  );
}

function SignInAs({ user }: { user: AdminUserDetail }) {
  const me = useLoggedUser();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const impersonate = useImpersonateUser();

  if (me.uid === user.uid) return null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < REASON_MIN_LENGTH) {
      setError('Say why you sign in as this user; it is kept in the record.');
      return;
    }
    setError(null);
    impersonate.mutate({ uid: user.uid, reason: trimmed });
  };

  return (
    <>
      <Section title="Sign in as this user">
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              You see GroupTrack as {user.name} does until you stop. Every sign-in is recorded with its
              reason.
            </Text>
            {impersonate.isError && (
              <Alert color="red" variant="light" title="Could not sign in as this user" role="alert">
                {formatErrorMessage(impersonate.error)}
              </Alert>
            )}
            <Textarea
              label="Reason"
              placeholder="Support request: cannot see the Leads pipeline"
              autosize
              minRows={2}
              maxLength={REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={error}
              required
            />
            <Group>
              <Button type="submit" variant="light" color="orange" loading={impersonate.isPending}>
                Sign in as {user.name}
              </Button>
            </Group>
          </Stack>
        </form>
      </Section>
      <Divider />
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
