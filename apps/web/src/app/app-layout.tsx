import {
  Anchor,
  AppShell,
  Avatar,
  Box,
  Button,
  Center,
  Container,
  Group,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { QueryError } from '../components/query-error';
import { useMe } from '../features/auth/api/get-me';
import type { LoggedUser } from '../features/auth/api/get-me';
import { TeamSwitcher } from '../features/auth/components/team-switcher';
import { isApiError } from '../lib/api-client';

/** The frame of every signed-in screen; sends visitors who are not signed in to the sign-in page. */
export function AppLayout() {
  const me = useMe();
  const { pathname, search } = useLocation();

  if (me.isPending) return <FullPageLoader />;
  if (isApiError(me.error, 401)) {
    return <Navigate to={`/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  }
  // SPEC §8: a session whose user record is gone is signed out.
  if (isApiError(me.error, 404)) return <Navigate to="/logout" replace />;
  if (me.isError) {
    return (
      <Center mih="100vh" p="md">
        <Box maw={520} w="100%">
          <QueryError
            title="Could not load your account"
            error={me.error}
            onRetry={() => void me.refetch()}
            isRetrying={me.isFetching}
          />
        </Box>
      </Center>
    );
  }
  if (!me.data.passwordSet) return <Navigate to="/password-reset?initial=true" replace />;

  return (
    <AppShell header={{ height: 60 }} padding="lg" bg="var(--mantine-color-gray-0)">
      <AppShell.Header>
        <AppHeader user={me.data} />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

function AppHeader({ user }: { user: LoggedUser }) {
  return (
    <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
      <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="GroupTrack home">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon size={30} radius="md" aria-hidden>
            <Text fw={800} c="white">
              G
            </Text>
          </ThemeIcon>
          <Text fw={700} size="lg">
            GroupTrack
          </Text>
        </Group>
      </Anchor>
      <Group gap="md" wrap="nowrap">
        <TeamSwitcher user={user} />
        <Group gap="xs" wrap="nowrap" visibleFrom="xs">
          <Avatar src={user.photoURL} alt="" size={30} radius="xl" />
          <Text size="sm" fw={500} data-testid="current-user-name">
            {user.name}
          </Text>
        </Group>
        <Button component={Link} to="/logout" variant="default" size="sm">
          Sign out
        </Button>
      </Group>
    </Group>
  );
}
