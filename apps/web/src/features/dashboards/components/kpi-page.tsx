import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import {
  KPI_RANGE_PRESETS,
  presetKpiRange,
  resolveKpiPeriod,
  type KpiRangePreset,
  type KpiReport,
} from '@grouptrack/domain';
import {
  Alert,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { useLoggedUser } from '../../../app/signed-in-user';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useMembers } from '../../../lib/team-members';
import { useNow } from '../../../lib/use-now';
import { findReaderTimeZone, useDashboardsLive, useKpiReport } from '../api/dashboards';
import { formatDuration, formatShare } from '../lib/table-csv';
import { CHART_PROPS, ChartCard } from './chart-card';
import { TeamKpis } from './team-kpis';

const PRESET_LABELS: Record<KpiRangePreset | 'custom', string> = {
  today: 'Today',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  thisMonth: 'This month',
  custom: 'Custom range',
};

/** A figure with the period before it, as a card of the summary row. */
function Stat({
  label,
  value,
  previous,
}: {
  label: string;
  value: string | number;
  previous?: string | number;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {previous !== undefined && (
        <Text size="xs" c="dimmed">
          {previous} the period before
        </Text>
      )}
    </Paper>
  );
}

/** /dashboard/kpi: the team's figures over a range of days, compared with the days before. */
export function KpiPage() {
  usePageTitle('KPI Dashboard');
  const user = useLoggedUser();
  const teamUID = user.currentTeam.teamUID;
  const timeZone = findReaderTimeZone();
  const [preset, setPreset] = useState<KpiRangePreset | 'custom'>('last30');
  const [custom, setCustom] = useState(() => presetKpiRange('last30', Date.now(), timeZone));
  const [memberUID, setMemberUID] = useState<string | null>(null);
  const members = useMembers(teamUID);
  useDashboardsLive(teamUID);
  // The presets end today, and move on at midnight.
  const now = useNow();

  const range = preset === 'custom' ? custom : presetKpiRange(preset, now.getTime(), timeZone);
  const resolved = resolveKpiPeriod({ ...range, timeZone });
  const problem = 'problem' in resolved ? resolved.problem : null;
  const report = useKpiReport(teamUID, { ...range, timeZone, memberUID: memberUID ?? undefined });
  const data = problem ? undefined : report.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>KPI dashboard</Title>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Range"
            data={[...KPI_RANGE_PRESETS, 'custom' as const].map((value) => ({
              value,
              label: PRESET_LABELS[value],
            }))}
            value={preset}
            onChange={(value) => value && setPreset(value)}
            allowDeselect={false}
            w={170}
          />
          {preset === 'custom' && (
            <>
              <TextInput
                type="date"
                label="From"
                value={custom.from}
                onChange={(event) => setCustom({ ...custom, from: event.currentTarget.value })}
              />
              <TextInput
                type="date"
                label="To"
                value={custom.to}
                onChange={(event) => setCustom({ ...custom, to: event.currentTarget.value })}
              />
            </>
          )}
          <Select
            label="Member"
            placeholder="Whole team"
            data={(members.data ?? []).map((member) => ({ value: member.uid, label: member.name }))}
            value={memberUID}
            onChange={setMemberUID}
            clearable
            w={200}
          />
        </Group>
      </Group>
      <TeamKpis teamUID={teamUID} timeZone={timeZone} />
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {!problem && report.error && (
        <QueryError
          title="The figures could not be loaded"
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      )}
      {!problem && !data && !report.error && <Loader aria-label="Loading the figures" />}
      {data && <KpiFigures report={data} />}
    </Stack>
  );
}

function KpiFigures({ report }: { report: KpiReport }) {
  const { period, captured, tasks, deals, messages } = report;
  const file = (name: string) => `${name}-${period.from}-${period.to}`;
  const compared = { key: 'previous', label: `${period.previousFrom} to ${period.previousTo}` };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {period.from} to {period.to} ({period.timeZone}), compared with {period.previousFrom} to{' '}
        {period.previousTo}.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Stat label="Messages sent" value={messages.count} previous={messages.previous} />
        <Stat label="Contacts captured" value={captured.count} previous={captured.previous} />
        <Stat
          label="Tasks done on time"
          value={`${tasks.onTime} of ${tasks.onTime + tasks.late}`}
          previous={`${tasks.previousOnTime} of ${tasks.previousOnTime + tasks.previousLate}`}
        />
        <Stat
          label="Deals won"
          value={deals.reduce((sum, row) => sum + row.won, 0)}
          previous={deals.reduce((sum, row) => sum + row.previousWon, 0)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard
          title="Contacts captured per day"
          fileName={file('contacts-captured')}
          chart={
            <BarChart
              barChartProps={CHART_PROPS}
              h={220}
              data={captured.perDay}
              dataKey="date"
              series={[{ name: 'count', label: 'Captured', color: 'blue.6' }]}
            />
          }
          columns={[
            { key: 'date', label: 'Date' },
            { key: 'count', label: 'Captured' },
          ]}
          rows={captured.perDay}
        />
        <ChartCard
          title="Messages sent per day"
          description={messages.reason}
          fileName={file('messages-sent')}
          chart={
            <LineChart
              lineChartProps={CHART_PROPS}
              h={220}
              data={messages.perDay}
              dataKey="date"
              series={[{ name: 'count', label: 'Sent', color: 'teal.6' }]}
            />
          }
          columns={[
            { key: 'date', label: 'Date' },
            { key: 'count', label: 'Sent' },
          ]}
          rows={messages.perDay}
        />
        <ChartCard
          title="Captured per pipeline"
          fileName={file('captured-per-pipeline')}
          chart={
            <BarChart
              barChartProps={CHART_PROPS}
              h={220}
              data={captured.byPipeline}
              dataKey="name"
              series={[
                { name: 'count', label: 'This period', color: 'blue.6' },
                { name: 'previous', label: 'Period before', color: 'gray.5' },
              ]}
            />
          }
          columns={[{ key: 'name', label: 'Pipeline' }, { key: 'count', label: 'Captured' }, compared]}
          rows={captured.byPipeline}
        />
        <ChartCard
          title="Captured per platform and source"
          description="Source: captured or added by hand (direct), imported, or added in bulk."
          fileName={file('captured-per-platform-and-source')}
          chart={
            <BarChart
              barChartProps={CHART_PROPS}
              h={220}
              data={[
                ...captured.byPlatform.map((row) => ({
                  name: row.platform,
                  count: row.count,
                  previous: row.previous,
                })),
                ...captured.bySource.map((row) => ({
                  name: `source: ${row.source}`,
                  count: row.count,
                  previous: row.previous,
                })),
              ]}
              dataKey="name"
              series={[
                { name: 'count', label: 'This period', color: 'grape.6' },
                { name: 'previous', label: 'Period before', color: 'gray.5' },
              ]}
            />
          }
          columns={[
            { key: 'kind', label: 'By' },
            { key: 'name', label: 'Name' },
            { key: 'count', label: 'Captured' },
            compared,
          ]}
          rows={[
            ...captured.byPlatform.map((row) => ({
              kind: 'Platform',
              name: row.platform,
              count: row.count,
              previous: row.previous,
            })),
            ...captured.bySource.map((row) => ({
              kind: 'Source',
              name: row.source,
              count: row.count,
              previous: row.previous,
            })),
          ]}
        />
        {report.funnels.map((funnel) => (
          <ChartCard
            key={funnel.pipelineID}
            title={`${funnel.name}: stage funnel`}
            description="Contacts entering each stage, the share that went on to the next, and the median time spent in it."
            fileName={file(`funnel-${funnel.name}`)}
            chart={
              <BarChart
                barChartProps={CHART_PROPS}
                h={220}
                data={funnel.stages}
                dataKey="name"
                series={[{ name: 'entered', label: 'Entered', color: 'indigo.6' }]}
              />
            }
            columns={[
              { key: 'name', label: 'Stage' },
              { key: 'entered', label: 'Entered' },
              compared,
              { key: 'conversion', label: 'To next stage' },
              { key: 'median', label: 'Median time in stage' },
            ]}
            rows={funnel.stages.map((stage) => ({
              name: stage.name,
              entered: stage.entered,
              previous: stage.previous,
              conversion: formatShare(stage.conversion),
              median: formatDuration(stage.medianSecondsInStage),
            }))}
          />
        ))}
        <ChartCard
          title="Tasks completed"
          description="On time: done by the time it was due (by the end of its day when it has no time)."
          fileName={file('tasks-completed')}
          chart={
            <BarChart
              barChartProps={CHART_PROPS}
              h={220}
              data={tasks.perDay}
              dataKey="date"
              type="stacked"
              series={[
                { name: 'onTime', label: 'On time', color: 'green.6' },
                { name: 'late', label: 'Late', color: 'orange.6' },
              ]}
            />
          }
          columns={[
            { key: 'date', label: 'Date' },
            { key: 'onTime', label: 'On time' },
            { key: 'late', label: 'Late' },
          ]}
          rows={tasks.perDay}
        />
        <ChartCard
          title="Deals won and lost"
          fileName={file('deals')}
          chart={
            <BarChart
              barChartProps={CHART_PROPS}
              h={220}
              data={deals}
              dataKey="currency"
              series={[
                { name: 'wonValue', label: 'Won', color: 'green.6' },
                { name: 'lostValue', label: 'Lost', color: 'red.6' },
              ]}
            />
          }
          columns={[
            { key: 'currency', label: 'Currency' },
            { key: 'won', label: 'Won' },
            { key: 'wonValue', label: 'Value won' },
            { key: 'lost', label: 'Lost' },
            { key: 'lostValue', label: 'Value lost' },
            { key: 'previousWonValue', label: 'Value won the period before' },
          ]}
          rows={deals.map((row) => ({
            ...row,
            wonValue: formatMoney(row.wonValue, row.currency),
            lostValue: formatMoney(row.lostValue, row.currency),
            previousWonValue: formatMoney(row.previousWonValue, row.currency),
          }))}
        />
        <ChartCard
          title="Per member"
          fileName={file('members')}
          chart={
            <BarChart
              barChartProps={CHART_PROPS}
              h={220}
              data={report.members}
              dataKey="name"
              series={[
                { name: 'captured', label: 'Captured', color: 'blue.6' },
                { name: 'stageMoves', label: 'Stage entries', color: 'indigo.4' },
                { name: 'tasksOnTime', label: 'Tasks on time', color: 'green.6' },
                { name: 'dealsWon', label: 'Deals won', color: 'teal.6' },
                { name: 'messages', label: 'Messages sent', color: 'grape.5' },
              ]}
            />
          }
          columns={[
            { key: 'name', label: 'Member' },
            { key: 'captured', label: 'Captured' },
            { key: 'stageMoves', label: 'Stage entries' },
            { key: 'tasksOnTime', label: 'Tasks on time' },
            { key: 'tasksLate', label: 'Tasks late' },
            { key: 'dealsWon', label: 'Deals won' },
            { key: 'messages', label: 'Messages sent' },
          ]}
          rows={report.members}
        />
      </SimpleGrid>
    </Stack>
  );
}
