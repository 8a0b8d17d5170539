import { Anchor, Group, Text } from '@mantine/core';
import {
  formatImportOutcome,
  formatRefusedReportUrl,
  formatWarningsReportUrl,
  type FinishedImport,
} from '../api/imports';

/** One finished import: what it did, with its reports to download (the bell lists these). */
export function FinishedImportItem({ teamUID, item }: { teamUID: string; item: FinishedImport }) {
  return (
    <>
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
    </>
  );
}
