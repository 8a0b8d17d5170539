import { MESSAGES } from '@grouptrack/domain';
import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { useRouteError } from 'react-router';
import { isApiError } from '../lib/api-client';

/** Shown when a screen fails to load or render (e.g. its code changed with a new release). */
export function RouteError() {
  const error = useRouteError();
  const message = isApiError(error) ? error.message : MESSAGES.somethingWentWrong;
  return (
    <Center mih="100vh" p="md">
      <Stack maw={480} w="100%" gap="md">
        <Alert color="red" variant="light" title="This page could not be shown" role="alert">
          <Text size="sm">{message}</Text>
          <Text size="sm">Reloading the page usually helps.</Text>
        </Alert>
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component="a" href="/" variant="default">
            Go to the home page
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
