import { isSocialPlatform } from '@grouptrack/domain';
import { Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useLoggedUser } from '../app/signed-in-user';
import { TeamSwitcher } from '../features/auth';
import { signOutOfExtension } from '../lib/extension-transport';
import { usePageTitle } from '../lib/page-title';
import { formatPlatformName } from '../lib/platform-names';

/** Pages of the app the popup opens in a new tab. */
const APP_LINKS = [
  { label: 'Pipeline', path: '/contacts/pipeline' },
  { label: 'Contacts table', path: '/contacts/table' },
  { label: 'Tasks', path: '/tasks' },
  { label: 'Home dashboard', path: '/dashboard/home' },
] as const;

/**
 * /ext/popup: the extension's toolbar popup, shown in its frame. Who the extension is signed in as,
 * their team, the platform of the tab it was opened on (?platform=, from the extension), the way into
 * the app, and signing the extension out.
 */
export function ExtPopupRoute() {
  usePageTitle('Extension Popup');
  const user = useLoggedUser();
  const [searchParams] = useSearchParams();
  const platform = searchParams.get('platform');
  const teamName =
    user.teams.find((team) => team.teamUID === user.currentTeam.teamUID)?.teamName ??
    user.currentTeam.teamUID;
  return (
    <Stack gap="sm">
      <div>
        <Text fw={600}>{user.name}</Text>
        <Text size="sm" c="dimmed">
          {user.email}
        </Text>
      </div>
      <Text size="sm">
        Team: <strong>{teamName}</strong>
      </Text>
      <TeamSwitcher user={user} fullWidth />
      <Text size="sm" role="status">
        {isSocialPlatform(platform)
          ? `This tab is on ${formatPlatformName(platform)}.`
          : 'This tab is not on a social platform GroupTrack works with.'}
      </Text>
      <Divider />
      <Stack gap={4} component="nav" aria-label="Open GroupTrack">
        {APP_LINKS.map((link) => (
          <Anchor key={link.path} href={link.path} target="_blank" rel="noopener" size="sm">
            {link.label}
          </Anchor>
        ))}
      </Stack>
      <Divider />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Signs out this extension only.
        </Text>
        <Button variant="default" size="xs" onClick={signOutOfExtension}>
          Sign out
        </Button>
      </Group>
    </Stack>
  );
}
