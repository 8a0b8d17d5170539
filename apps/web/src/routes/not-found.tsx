import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title';

/** Any path the app does not know. */
export function NotFoundRoute() {
  usePageTitle('Page Not Found');
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={440} ta="center">
        <Text fw={800} fz={64} lh={1} c="blue.6" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist, or it has moved.</Text>
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      </Stack>
    </Center>
  );
}
