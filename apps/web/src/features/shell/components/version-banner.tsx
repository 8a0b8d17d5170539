import { formatAppUpdated } from '@grouptrack/domain';
import { Alert, Button, Group, Text } from '@mantine/core';

export interface VersionBannerProps {
  version: string;
}

/** The persistent warning that a new version is out (SPEC §8); it stays until the page is refreshed. */
export function VersionBanner({ version }: VersionBannerProps) {
  return (
    <Alert color="yellow" variant="light" role="alert" mb="md" aria-label="New version">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500}>
          {formatAppUpdated(version)}
        </Text>
        <Button size="xs" color="yellow.8" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      </Group>
    </Alert>
  );
}
