import {
  TEAM_KPI_METRICS,
  TEAM_KPI_PERIODS,
  type TeamKpi,
  type TeamKpiInput,
  type TeamKpiMetric,
  type TeamKpiPeriod,
} from '@grouptrack/domain';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { usePipelines } from '../../../lib/pipelines';
import { useMembers } from '../../../lib/team-members';
import { useRemoveTeamKpi, useSaveTeamKpi, useTeamKpis } from '../api/team-kpis';

const METRIC_LABELS: Record<TeamKpiMetric, string> = {
  captured: 'Contacts captured',
  stage_entered: 'Entries into a stage',
  deals_won: 'Deals won',
  deals_won_value: 'Value of deals won',
  tasks_on_time: 'Tasks done on time',
  messages_sent: 'Messages sent',
};

const PERIOD_LABELS: Record<TeamKpiPeriod, string> = {
  day: 'Today',
  week: 'This week',
  month: 'This month',
};

/** What a KPI counts, in words: the stage or currency it names included. */
function describeKpi(kpi: TeamKpi): string {
  if (kpi.metric === 'stage_entered')
    return `Entries into ${kpi.stageName ?? (kpi.available ? 'a stage you cannot see' : 'a deleted stage')}`;
  if (kpi.metric === 'deals_won_value') return `Value of deals won (${kpi.currency})`;
  return METRIC_LABELS[kpi.metric];
}

function formatFigure(kpi: TeamKpi, value: number): string {
  return kpi.metric === 'deals_won_value' && kpi.currency
    ? formatMoney(value, kpi.currency)
    : value.toLocaleString();
}

/** One KPI: its figure so far against its target, as a bar with the numbers in words. */
function KpiCard(props: {
  kpi: TeamKpi;
  forWhom: string;
  canManage: boolean;
  onEdit: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const { kpi, forWhom, canManage, onEdit, onRemove, removing } = props;
  const title = describeKpi(kpi);
  const share = kpi.value === null ? 0 : Math.min(100, (kpi.value / kpi.target) * 100);
  const figures =
    kpi.value === null
      ? `Target ${formatFigure(kpi, kpi.target)}${kpi.available ? '; its figures are in a pipeline you cannot see' : ''}`
      : `${formatFigure(kpi, kpi.value)} of ${formatFigure(kpi, kpi.target)}`;
  return (
    <Paper component="article" aria-label={title} withBorder radius="md" p="md">
      <Stack gap={6}>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {PERIOD_LABELS[kpi.period]} ({kpi.from === kpi.to ? kpi.from : `${kpi.from} to ${kpi.to}`}) ·{' '}
          {forWhom}
        </Text>
        <Text size="lg" fw={700}>
          {figures}
        </Text>
        <Progress
          value={share}
          color={share >= 100 ? 'teal' : 'blue'}
          aria-label={`${title}, ${PERIOD_LABELS[kpi.period].toLowerCase()}: ${figures}`}
        />
        {kpi.reason && (
          <Text size="xs" c="dimmed">
            {kpi.reason}
          </Text>
        )}
        {canManage && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${title}`}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={onRemove}
              loading={removing}
              aria-label={`Remove ${title}`}
            >
              Remove
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

interface FormState {
  metric: TeamKpiMetric;
  stageUID: string | null;
  currency: string;
  period: TeamKpiPeriod;
  target: number | string;
  memberUID: string | null;
}

const EMPTY_FORM: FormState = {
  metric: 'captured',
  stageUID: null,
  currency: '',
  period: 'week',
  target: '',
  memberUID: null,
};

function formOf(kpi: TeamKpi): FormState {
  return {
    metric: kpi.metric,
    stageUID: kpi.stageUID,
    currency: kpi.currency ?? '',
    period: kpi.period,
    target: kpi.target,
    memberUID: kpi.memberUID,
  };
}

/** The form of a KPI, in a dialog: add one (kpiUID null) or change it. */
function KpiForm(props: { teamUID: string; kpiUID: string | null; initial: FormState; onClose: () => void }) {
  const { teamUID, kpiUID, initial, onClose } = props;
  const [form, setForm] = useState(initial);
  const pipelines = usePipelines(teamUID);
  const members = useMembers(teamUID);
  const save = useSaveTeamKpi(teamUID);
  const stages = (pipelines.data?.pipelines ?? []).flatMap((pipeline) =>
    pipeline.stages.map((stage) => ({
      value: stage.stageUID,
      label: `${pipeline.nickName} · ${stage.name}`,
    })),
  );

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const input: TeamKpiInput = {
      metric: form.metric,
      stageUID: form.metric === 'stage_entered' ? form.stageUID : null,
      currency: form.metric === 'deals_won_value' ? form.currency.trim().toUpperCase() : null,
      period: form.period,
      target: typeof form.target === 'number' ? form.target : Number.NaN,
      memberUID: form.memberUID,
    };
    save.mutate({ kpiUID, input }, { onSuccess: onClose });
  }

  return (
    <form onSubmit={submit}>
      <Stack>
        <Select
          label="Figure"
          data={TEAM_KPI_METRICS.map((value) => ({ value, label: METRIC_LABELS[value] }))}
          value={form.metric}
          onChange={(value) => value && setForm({ ...form, metric: value })}
          allowDeselect={false}
        />
        {form.metric === 'stage_entered' && (
          <Select
            label="Stage"
            placeholder="Choose a stage"
            data={stages}
            value={form.stageUID}
            onChange={(value) => setForm({ ...form, stageUID: value })}
            searchable
          />
        )}
        {form.metric === 'deals_won_value' && (
          <TextInput
            label="Currency"
            description="Three letters, such as USD or EUR"
            value={form.currency}
            maxLength={3}
            onChange={(event) => setForm({ ...form, currency: event.currentTarget.value })}
          />
        )}
        <Select
          label="Period"
          data={TEAM_KPI_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
          value={form.period}
          onChange={(value) => value && setForm({ ...form, period: value })}
          allowDeselect={false}
        />
        <NumberInput
          label="Target"
          min={0}
          value={form.target}
          onChange={(value) => setForm({ ...form, target: value })}
        />
        <Select
          label="For"
          placeholder="The whole team"
          data={(members.data ?? []).map((member) => ({ value: member.uid, label: member.name }))}
          value={form.memberUID}
          onChange={(value) => setForm({ ...form, memberUID: value })}
          clearable
        />
        {save.error && (
          <Alert color="red" role="alert">
            {formatErrorMessage(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {kpiUID ? 'Save KPI' : 'Add KPI'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The "Team KPIs" section of the KPI page: the KPIs the team chose, each with its figure so far in its
 * day, week or month against its target. Owners and admins add, change and remove them.
 */
export function TeamKpis({ teamUID, timeZone }: { teamUID: string; timeZone: string }) {
  const list = useTeamKpis(teamUID, timeZone);
  const members = useMembers(teamUID);
  const remove = useRemoveTeamKpi(teamUID);
  const [editing, setEditing] = useState<{ kpiUID: string | null; initial: FormState } | null>(null);
  const nameOf = (uid: string | null) =>
    uid ? (members.data?.find((member) => member.uid === uid)?.name ?? 'A former member') : 'Whole team';
  const canManage = list.data?.canManage ?? false;

  return (
    <Stack component="section" aria-labelledby="team-kpis-title" gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3" id="team-kpis-title">
          Team KPIs
        </Title>
        {canManage && (
          <Button size="sm" onClick={() => setEditing({ kpiUID: null, initial: EMPTY_FORM })}>
            Add KPI
          </Button>
        )}
      </Group>
      {list.error && (
        <QueryError
          title="The team's KPIs could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
      {!list.data && !list.error && <Loader aria-label="Loading the team's KPIs" />}
      {list.data?.kpis.length === 0 && (
        <Text c="dimmed" size="sm">
          {canManage
            ? 'No KPIs yet: add the figures the team aims for, each with a target for the day, week or month.'
            : 'The team has no KPIs yet; an owner or admin can choose them.'}
        </Text>
      )}
      {list.data && list.data.kpis.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.data.kpis.map((kpi) => (
            <KpiCard
              key={kpi.kpiUID}
              kpi={kpi}
              forWhom={nameOf(kpi.memberUID)}
              canManage={canManage}
              onEdit={() => setEditing({ kpiUID: kpi.kpiUID, initial: formOf(kpi) })}
              onRemove={() => remove.mutate(kpi.kpiUID)}
              removing={remove.isPending && remove.variables === kpi.kpiUID}
            />
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kpiUID ? 'Edit KPI' : 'Add KPI'}
      >
        {editing && (
          <KpiForm
            teamUID={teamUID}
            kpiUID={editing.kpiUID}
            initial={editing.initial}
            onClose={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
