import { Table, Text } from '@mantine/core';
import type { MemberRequestDryRun, MemberRequestRule } from '@grouptrack/domain';
import { DECISION_LABELS } from '../lib/describe-condition';

export interface DryRunTableProps {
  result: MemberRequestDryRun;
  /** The rules that were tried, to name the one that would decide. */
  rules: readonly MemberRequestRule[];
}

/** What the rules would do to each request now waiting: the rule that would decide it, and how. */
export function DryRunTable({ result, rules }: DryRunTableProps) {
  if (result.results.length === 0) {
    return (
      <Text size="sm" role="status">
        No requests are waiting in this pipeline, so there is nothing to try the rules on.
      </Text>
    );
  }
  const ruleNames = new Map(rules.map((rule) => [rule.id, rule.name]));
  return (
    <Table withTableBorder aria-label="Dry run">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th ta="right">Lead score</Table.Th>
          <Table.Th>Rule</Table.Th>
          <Table.Th>Decision</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {result.results.map((row) => (
          <Table.Tr key={row.requestId}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td ta="right">{row.leadScore}</Table.Td>
            <Table.Td>{row.ruleId ? (ruleNames.get(row.ruleId) ?? 'A removed rule') : '—'}</Table.Td>
            <Table.Td>{row.decision ? DECISION_LABELS[row.decision] : 'Waits for a person'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
