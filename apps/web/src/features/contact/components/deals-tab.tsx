import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import type { Pipeline } from '../../../lib/pipelines';
import type { Deal, DealStatus } from '../api/deals';
import { useDeals, useSaveDeal } from '../api/deals';
import { formatMoney } from '../../../lib/format';
import { readDealDraft } from '../lib/deal-form';
import { FormActions } from '../../../components/form-actions';
import { useFieldErrors } from '../../../lib/validate';

const STATUS_COLORS: Record<DealStatus, string> = { open: 'blue', won: 'teal', lost: 'gray' };

export interface DealsTabProps {
  teamUID: string;
  GTID: string;
  /** The pipelines the contact is in, to attach a deal to. */
  pipelines: readonly Pipeline[];
}

/** The contact's deals: add, edit, win and lose. */
export function DealsTab({ teamUID, GTID, pipelines }: DealsTabProps) {
  const deals = useDeals(teamUID, GTID);
  const save = useSaveDeal(teamUID, GTID);
  const [editing, setEditing] = useState<Deal | 'new' | null>(null);
  const pipelineName = (id: string | null) =>
    pipelines.find((pipeline) => pipeline.groupUID === id)?.nickName;

  return (
    <Stack maw={900}>
      <Group>
        <Button onClick={() => setEditing('new')}>Add deal</Button>
      </Group>
      {save.error != null && editing === null && (
        <Alert color="red" variant="light" role="alert">
          {formatErrorMessage(save.error)}
        </Alert>
      )}
      {deals.isPending ? (
        <Loader role="status" aria-label="Loading deals" />
      ) : deals.isError ? (
        <QueryError
          title="Couldn't load the deals"
          error={deals.error}
          onRetry={() => void deals.refetch()}
          isRetrying={deals.isFetching}
        />
      ) : deals.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No deals yet. Add one when this contact is about to buy.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Deal</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Pipeline</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deals.data.map((deal) => (
                <Table.Tr key={deal.dealUID}>
                  <Table.Td>{deal.name}</Table.Td>
                  <Table.Td>{formatMoney(deal.value, deal.currency)}</Table.Td>
                  <Table.Td>{pipelineName(deal.pipelineID) ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[deal.status]} variant="light">
                      {deal.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        aria-label={`Edit deal ${deal.name}`}
                        onClick={() => setEditing(deal)}
                      >
                        Edit
                      </Button>
                      {deal.status === 'open' ? (
                        <>
                          <Button
                            size="xs"
                            variant="light"
                            color="teal"
                            aria-label={`Mark deal ${deal.name} won`}
                            onClick={() => save.mutate({ id: deal.dealUID, input: { status: 'won' } })}
                          >
                            Won
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            color="gray"
                            aria-label={`Mark deal ${deal.name} lost`}
                            onClick={() => save.mutate({ id: deal.dealUID, input: { status: 'lost' } })}
                          >
                            Lost
                          </Button>
                        </>
                      ) : (
                        <Button
                          size="xs"
                          variant="subtle"
                          aria-label={`Reopen deal ${deal.name}`}
                          onClick={() => save.mutate({ id: deal.dealUID, input: { status: 'open' } })}
                        >
                          Reopen
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {editing !== null && (
        <DealModal
          deal={editing === 'new' ? null : editing}
          pipelines={pipelines}
          onSave={(input) => save.mutateAsync({ id: editing === 'new' ? null : editing.dealUID, input })}
          onClose={() => {
            setEditing(null);
            save.reset();
          }}
        />
      )}
    </Stack>
  );
}

interface DealModalProps {
  deal: Deal | null;
  pipelines: readonly Pipeline[];
  onSave: (input: {
    name: string;
    value: number;
    currency: string;
    pipelineId: string | null;
  }) => Promise<unknown>;
  onClose: () => void;
}

function DealModal({ deal, pipelines, onSave, onClose }: DealModalProps) {
  const [name, setName] = useState(deal?.name ?? '');
  const [value, setValue] = useState<number | string>(deal?.value ?? '');
  const [currency, setCurrency] = useState(deal?.currency ?? 'USD');
  const [pipelineId, setPipelineId] = useState<string | null>(
    deal?.pipelineID ?? pipelines[0]?.groupUID ?? null,
  );
  const checked = readDealDraft({ name, value, currency, pipelineId });
  const [errors, showErrors] = useFieldErrors<'name' | 'value' | 'currency'>(
    checked.ok ? {} : checked.errors,
  );
  const [saveError, setSaveError] = useState<unknown>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    showErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setIsSaving(true);
    setSaveError(null);
    try {
      await onSave(checked.values);
      onClose();
    } catch (error) {
      setSaveError(error);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={deal ? `Edit deal ${deal.name}` : 'Add a deal'} centered>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack>
          <TextInput
            label="Deal name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            required
            data-autofocus
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Value"
              value={value}
              onChange={setValue}
              min={0}
              decimalScale={2}
              error={errors.value}
              required
            />
            <TextInput
              label="Currency"
              value={currency}
              onChange={(event) => setCurrency(event.currentTarget.value.toUpperCase())}
              maxLength={3}
              error={errors.currency}
              required
            />
          </Group>
          <Select
            label="Pipeline"
            placeholder="No pipeline"
            clearable
            data={pipelines.map((pipeline) => ({ value: pipeline.groupUID, label: pipeline.nickName }))}
            value={pipelineId}
            onChange={setPipelineId}
          />
          <FormActions error={saveError} isPending={isSaving} submitLabel="Save deal" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
