import { Stack, Table, Text, Title } from '@mantine/core';
import { LEAD_SCORE_WEIGHTS } from '@grouptrack/domain';
import { LEAD_SCORE_SIGNAL_LABELS } from '../lib/describe-condition';

const SIGNALS = Object.keys(LEAD_SCORE_WEIGHTS) as (keyof typeof LEAD_SCORE_WEIGHTS)[];

/** What a lead score is made of: each signal of a request and the points it adds, out of 100. */
export function LeadScoreWeights() {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Lead score
      </Title>
      <Text size="sm" c="dimmed">
        Each request gets a score from 0 to 100: the points of the signals it shows.
      </Text>
      <Table maw={480} withTableBorder aria-label="Lead score points">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Signal</Table.Th>
            <Table.Th ta="right">Points</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SIGNALS.map((signal) => (
            <Table.Tr key={signal}>
              <Table.Td>{LEAD_SCORE_SIGNAL_LABELS[signal]}</Table.Td>
              <Table.Td ta="right">{LEAD_SCORE_WEIGHTS[signal]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
