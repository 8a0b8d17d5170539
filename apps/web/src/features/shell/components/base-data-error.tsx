import { Box, Center } from '@mantine/core';
import { QueryError } from '../../../components/query-error';

export interface BaseDataErrorProps {
  /** What failed to load, e.g. 'team members'. */
  listLabel: string;
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}

/** Shown instead of the loader when part of the team's base data could not be loaded. */
export function BaseDataError({ listLabel, error, onRetry, isRetrying }: BaseDataErrorProps) {
  return (
    <Center mih="100vh" p="md">
      <Box maw={520} w="100%">
        <QueryError
          title={`Could not load your ${listLabel}`}
          error={error}
          onRetry={onRetry}
          isRetrying={isRetrying}
        />
      </Box>
    </Center>
  );
}
