import { Anchor, Group, Stack, Text } from '@mantine/core';
import {
  formatImportOutcome,
  formatRefusedReportUrl,
  formatWarningsReportUrl,
  type FinishedImport,
} from '../api/imports';

/** My finished imports as the bell lists them: what each did, with its reports to download. */
export function FinishedImportsList({ teamUID, imports }: { teamUID: string; imports: FinishedImport[] }) {
  if (imports.length === 0) return null;
  return (
    <Stack
      component="ul"
      gap={6}
      aria-label="Finished imports"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {imports.map((item) => (
        <li key={item.importId}>
          <Text size="sm" fw={item.readAt ? 400 : 600}>
            {item.status === 'failed' ? 'Import stopped' : 'Import finished'}: {item.fileName}
          </Text>
          <Text size="xs" c="dimmed">
            {item.error ?? formatImportOutcome(item)}
          </Text>
          {(item.refused > 0 || item.warnings > 0) && (
            <Group gap="sm">
              {item.warnings > 0 && (
                <Anchor href={formatWarningsReportUrl(teamUID, item.importId)} download size="xs">
                  Warnings
                </Anchor>
              )}
              {item.refused > 0 && (
                <Anchor href={formatRefusedReportUrl(teamUID, item.importId)} download size="xs">
                  Refused rows
                </Anchor>
              )}
            </Group>
          )}
        </li>
      ))}
    </Stack>
  );
}
