import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatErrorMessage } from '../../../lib/api-client';
import { EXTENSION_INSTALL_PATH } from '../../../lib/extension-bridge';
import { formatRelativeTime } from '../../../lib/format';
import { useBrowserSessions, useSignOutBrowser, type BrowserSession } from '../api/browser-sessions';
import { formatBrowserName } from '../lib/browser-name';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "Signed-in browsers": where the GroupTrack extension is signed in as this user, each signed out on its own. */
export function SignedInBrowsers() {
  const sessions = useBrowserSessions();
  const signOut = useSignOutBrowser();
  const [confirming, setConfirming] = useState<BrowserSession | null>(null);

  const close = () => {
    setConfirming(null);
    signOut.reset();
  };
  const confirmSignOut = () => {
    if (!confirming) return;
    const name = formatBrowserName(confirming.userAgent);
    signOut.mutate(confirming.id, {
      onSuccess: () => {
        setConfirming(null);
        notifications.show({
          color: 'teal',
          title: 'Browser signed out',
          message: `The GroupTrack extension in ${name} is signed out.`,
          autoClose: TOAST_TIMEOUT_MS,
        });
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="signed-in-browsers-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="signed-in-browsers-title">
            Signed-in browsers
          </Title>
          <Text size="sm" c="dimmed">
            Browsers where the GroupTrack extension is signed in as you. Each stays signed in for 30 days
            after it was last used.
          </Text>
          <Anchor component={Link} to={EXTENSION_INSTALL_PATH} size="sm">
            Install the extension in this browser, or check it is signed in
          </Anchor>
        </Stack>
        {sessions.isPending ? (
          <Loader size="sm" aria-label="Loading signed-in browsers" />
        ) : sessions.isError ? (
          <Alert color="red" variant="light" title="Could not load your browsers" role="alert">
            {formatErrorMessage(sessions.error)}
          </Alert>
        ) : sessions.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            The extension is not signed in on any browser. Sign it in from its popup, and the browser shows
            here.
          </Text>
        ) : (
          <Stack
            gap={0}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Signed-in browsers"
          >
            {sessions.data.map((session, index) => (
              <BrowserRow
                key={session.id}
                session={session}
                isFirst={index === 0}
                onSignOut={() => setConfirming(session)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming !== null}
        title={`Sign out ${confirming ? formatBrowserName(confirming.userAgent) : 'this browser'}?`}
        confirmLabel="Sign out"
        onConfirm={confirmSignOut}
        onClose={close}
        isPending={signOut.isPending}
        error={signOut.error}
      >
        The GroupTrack extension in that browser stops working at once, until it is signed in again.
      </ConfirmModal>
    </Paper>
  );
}

interface BrowserRowProps {
  session: BrowserSession;
  isFirst: boolean;
  onSignOut: () => void;
}

function BrowserRow({ session, isFirst, onSignOut }: BrowserRowProps) {
  const name = formatBrowserName(session.userAgent);
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      wrap="wrap"
      gap="sm"
      py="sm"
      style={isFirst ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
      aria-label={name}
    >
      <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          Signed in {formatRelativeTime(session.createdAt)} · Last used{' '}
          {formatRelativeTime(session.lastUsedAt)} · Signs out by itself on{' '}
          {dateFormat.format(new Date(session.expiresAt))} unless used
        </Text>
        {session.userAgent && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {session.userAgent}
          </Text>
        )}
      </Stack>
      <Button variant="default" color="red" size="xs" onClick={onSignOut} aria-label={`Sign out ${name}`}>
        Sign out
      </Button>
    </Group>
  );
}
