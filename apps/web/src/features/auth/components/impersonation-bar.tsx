import { Button, Group, Text } from '@mantine/core';
import type { LoggedUser } from '../../../app/signed-in-user';
import { useStopImpersonation } from '../api/impersonation';

/** Height of the bar, so layouts can make room for it. */
export const IMPERSONATION_BAR_HEIGHT = 40;

export interface ImpersonationBarProps {
  user: Pick<LoggedUser, 'name' | 'email' | 'impersonatedBy'>;
}

/** Tells a super user, on every page, that they act as someone else, with a way back to their own account. */
export function ImpersonationBar({ user }: ImpersonationBarProps) {
  const stop = useStopImpersonation();
  if (!user.impersonatedBy) return null;
  const impersonator = user.impersonatedBy.name || user.impersonatedBy.email;
  return (
    <Group
      role="region"
      aria-label="Signed in as another user"
      h={IMPERSONATION_BAR_HEIGHT}
      px="md"
      gap="sm"
      justify="center"
      wrap="nowrap"
      bg="orange.1"
      c="orange.9"
      style={{ borderBottom: '1px solid var(--mantine-color-orange-3)' }}
    >
      <Text size="sm" fw={500} truncate="end">
        You are signed in as {user.name} ({user.email}) by {impersonator}
      </Text>
      <Button
        size="compact-sm"
        color="orange"
        loading={stop.isPending}
        onClick={() =>
          stop.mutate(undefined, {
            // A full load drops everything cached for the other user and starts the own session clean.
            onSuccess: () => window.location.assign('/admin/users'),
          })
        }
      >
        Stop
      </Button>
    </Group>
  );
}
