import { MESSAGES } from '@grouptrack/domain';
import { Alert, Anchor, Button, Code, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { EXTENSION_ZIP_PATH } from '../../../lib/extension-bridge';
import { useExtensionCheck } from '../../shell';

const SIGN_IN_PATH = '/authorize?client=extension';

/**
 * /setup/extension: the browser extension this server offers, loaded unpacked step by step, and
 * whether this browser's copy answers and is signed in (SPEC §4's three states).
 */
export function ExtensionInstallPage() {
  return (
    <Stack maw={820}>
      <Title order={1}>Browser extension</Title>
      <Text c="dimmed">
        The GroupTrack extension works beside you on Facebook, Instagram, LinkedIn, Pinterest, TikTok, YouTube
        and Skool. The message queue and automations run through it.
      </Text>
      <ExtensionStatusCard />
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="install-steps-title">
        <Title order={2} size="h4" id="install-steps-title" mb="sm">
          Install it in Chrome
        </Title>
        <List type="ordered" spacing="sm">
          <List.Item>
            Download{' '}
            <Anchor href={EXTENSION_ZIP_PATH} download>
              grouptrack-extension.zip
            </Anchor>{' '}
            and unzip it into a folder you keep: Chrome loads the extension from that folder each time it
            starts.
          </List.Item>
          <List.Item>
            Open <Code>chrome://extensions</Code> (type it into the address bar: pages cannot link there).
          </List.Item>
          <List.Item>
            Turn on <strong>Developer mode</strong>, at the top right.
          </List.Item>
          <List.Item>
            Choose <strong>Load unpacked</strong> and pick the unzipped folder (the one holding{' '}
            <Code>manifest.json</Code>).
          </List.Item>
          <List.Item>
            Sign it in: choose <strong>Sign in the extension</strong> on this page, or{' '}
            <strong>Sign in</strong> in the extension's popup. It gets a sign-in of its own; your password is
            not shared with it.
          </List.Item>
        </List>
        <Text size="sm" c="dimmed" mt="sm">
          GroupTrack at an address other than localhost or 127.0.0.1? Enter{' '}
          <Code>{window.location.origin}</Code> in the extension's options first, and allow it to reach this
          site when Chrome asks.
        </Text>
      </Paper>
    </Stack>
  );
}

/** What this browser's extension answered, with the next step for each state. */
function ExtensionStatusCard() {
  const check = useExtensionCheck();
  if (!check) return <Loader size="sm" aria-label="Looking for the extension" />;
  switch (check.status) {
    case 'not_installed':
      return (
        <Alert color="orange" variant="light" role="alert" title="Not installed in this browser">
          {MESSAGES.extensionNotInstalled}
        </Alert>
      );
    case 'not_logged_in':
      return (
        <Alert color="orange" variant="light" role="alert" title="Installed, not signed in">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{MESSAGES.extensionNotLoggedIn}</Text>
            <Button component={Link} to={SIGN_IN_PATH} size="sm">
              Sign in the extension
            </Button>
          </Stack>
        </Alert>
      );
    case 'ok':
      return (
        <Alert color="teal" variant="light" role="status" title="Installed and signed in">
          {check.user
            ? `The extension is signed in as ${check.user.name} (${check.user.email}).`
            : 'The extension is signed in.'}
          {check.version && ` Version ${check.version}.`}
        </Alert>
      );
  }
}
