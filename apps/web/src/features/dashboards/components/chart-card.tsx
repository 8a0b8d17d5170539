import { Button, Group, Paper, ScrollArea, Table, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { downloadCsv, formatTableCsv, type TableColumn, type TableRow } from '../lib/table-csv';

/**
 * Props for every chart of a card: no keyboard layer of its own (its figures are in the card's
 * table, and a focusable chart inside the hidden wrapper would trap screen-reader users).
 */
export const CHART_PROPS = { accessibilityLayer: false };

export interface ChartCardProps {
  title: string;
  /** What the figures mean, or why they read zero. */
  description?: ReactNode;
  /** The chart; the same figures are in the table, for screen readers and for reading exact values. */
  chart: ReactNode;
  columns: TableColumn[];
  rows: TableRow[];
  /** The CSV's file name, without extension. */
  fileName: string;
}

/** A chart with its table one tab away, both exported as the same CSV. */
export function ChartCard({ title, description, chart, columns, rows, fileName }: ChartCardProps) {
  return (
    <Paper component="section" aria-label={title} withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" mb="xs">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        <Button
          size="xs"
          variant="default"
          aria-label={`Export ${title} as CSV`}
          onClick={() => downloadCsv(`${fileName}.csv`, formatTableCsv(columns, rows))}
        >
          Export CSV
        </Button>
      </Group>
      <Tabs defaultValue="chart" keepMounted={false}>
        <Tabs.List aria-label={`${title}: chart or table`}>
          <Tabs.Tab value="chart">Chart</Tabs.Tab>
          <Tabs.Tab value="table">Table</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="chart" pt="sm">
          {/* The chart draws the table's figures; the table tab reads them out. */}
          <div aria-hidden="true">{chart}</div>
        </Tabs.Panel>
        <Tabs.Panel value="table" pt="sm">
          <ScrollArea.Autosize mah={360}>
            <Table striped withTableBorder>
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.key}>{column.label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr key={index}>
                    {columns.map((column) => (
                      <Table.Td key={column.key}>{row[column.key] ?? ''}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
