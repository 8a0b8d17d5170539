import { Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppLogo } from '../../../components/app-logo';
import { pickTagline } from '../taglines';

export interface BaseDataLoaderProps {
  /** True when the server did not answer the last try, so the loader says it is trying again. */
  isRetrying?: boolean;
}

/** Fills the window while the team's base data loads, with a random tagline (SPEC §1). */
export function BaseDataLoader({ isRetrying = false }: BaseDataLoaderProps) {
  const [tagline] = useState(() => pickTagline());
  return (
    <Center mih="100vh" p="md" role="status" aria-live="polite" aria-label="Loading GroupTrack">
      <Stack align="center" gap="md" maw={420} ta="center">
        <AppLogo size="xl" />
        <Loader size="md" type="dots" />
        <Text size="md" c="dimmed" data-testid="loader-tagline">
          {tagline}
        </Text>
        {isRetrying && (
          <Text size="sm" c="orange">
            GroupTrack is not answering yet; trying again…
          </Text>
        )}
      </Stack>
    </Center>
  );
}
