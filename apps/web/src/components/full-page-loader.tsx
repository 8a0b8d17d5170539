import { Center, Loader, Stack, Text } from '@mantine/core';

export interface FullPageLoaderProps {
  label?: string;
}

/** Fills the window while the first data of a screen loads. */
export function FullPageLoader({ label = 'Loading GroupTrack…' }: FullPageLoaderProps) {
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
