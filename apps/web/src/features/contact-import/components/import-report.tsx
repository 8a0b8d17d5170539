import { Alert, Anchor, Group, List, Stack, Text } from '@mantine/core';
import { formatErrorMessage } from '../../../lib/api-client';
import {
  formatRefusedReportUrl,
  formatWarningsReportUrl,
  useImportWarnings,
  type ImportProgress,
} from '../api/imports';

/** What a finished import did: its counts, the cells it left empty and why, and its reports. */
export function ImportReport({
  teamUID,
  importId,
  progress,
}: {
  teamUID: string;
  importId: string;
  progress: ImportProgress;
}) {
  const warningCount = progress.warnings ?? 0;
  const warnings = useImportWarnings(teamUID, warningCount > 0 ? importId : null);
  const listed = warnings.data?.warnings ?? [];
  return (
    <Stack mt="md" role="status" aria-label="Import result">
      {progress.error ? (
        <Alert color="red" title="The import stopped">
          {progress.error}
        </Alert>
      ) : (
        <Text fw={600}>Import finished.</Text>
      )}
      <Group gap="xl">
        <Text size="sm">Created: {progress.created}</Text>
        <Text size="sm">Updated: {progress.updated}</Text>
        <Text size="sm">Refused: {progress.refused}</Text>
        <Text size="sm">Warnings: {warningCount}</Text>
      </Group>
      {warningCount > 0 && (
        <Stack gap={4}>
          <Text size="sm">
            These cells could not be used; the rest of each row was imported without them.
          </Text>
          {warnings.isError ? (
            <Text size="sm" c="red">
              The warnings could not be loaded: {formatErrorMessage(warnings.error)}
            </Text>
          ) : (
            <List size="sm" spacing={2} aria-label="Import warnings" mah={200} style={{ overflowY: 'auto' }}>
              {listed.map((warning) => (
                <List.Item key={`${warning.row}|${warning.column}`}>{warning.message}</List.Item>
              ))}
            </List>
          )}
          {warningCount > listed.length && listed.length > 0 && (
            <Text size="xs" c="dimmed">
              And {warningCount - listed.length} more in the warnings file.
            </Text>
          )}
          <Anchor href={formatWarningsReportUrl(teamUID, importId)} download size="sm">
            Download every warning
          </Anchor>
        </Stack>
      )}
      {progress.refused > 0 && (
        <Anchor href={formatRefusedReportUrl(teamUID, importId)} download size="sm">
          Download the refused rows with the reason for each
        </Anchor>
      )}
    </Stack>
  );
}
