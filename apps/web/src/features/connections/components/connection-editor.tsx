import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CONNECTION_FIELDS,
  CONNECTION_TYPE_LABELS,
  INTEGRATION_TYPES,
  SUPPORTED_CHANGES,
  SYNC_ACTIONS,
  SYNC_KINDS,
  type ConnectionSecretAnswer,
  type IntegrationType,
} from '@grouptrack/domain';
import { useState, type ChangeEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import {
  useCreateConnection,
  useTestConnection,
  useUpdateConnection,
  type Connection,
} from '../api/connections';
import {
  changeFormType,
  findFormProblem,
  formOfConnection,
  newConnectionForm,
  placeServerProblem,
  placeholderOf,
  setReceives,
  splitValues,
  toConnectionInput,
  toConnectionUpdate,
  type ConnectionForm,
  type FormProblem,
} from '../lib/connection-form';
import { ACTION_LABELS, KIND_LABELS, describeChange } from '../lib/sync-words';
import { TestAnswer } from './test-answer';

const typeOptions = INTEGRATION_TYPES.map((type) => ({ value: type, label: CONNECTION_TYPE_LABELS[type] }));

interface ConnectionEditorProps {
  teamUID: string;
  /** The connection to change, or null for a new one. */
  connection: Connection | null;
  onClose: () => void;
  /** A connection was added: the answer carries a webhook's signing secret, shown once. */
  onCreated: (answer: ConnectionSecretAnswer) => void;
}

/** Adds or changes a connection: its system, its settings and secrets, and which changes it receives. */
export function ConnectionEditor({ teamUID, connection, onClose, onCreated }: ConnectionEditorProps) {
  const create = useCreateConnection(teamUID);
  const update = useUpdateConnection(teamUID);
  const test = useTestConnection(teamUID);
  const save = connection ? update : create;
  const [form, setForm] = useState<ConnectionForm>(() =>
    connection ? formOfConnection(connection) : newConnectionForm('webhooks'),
  );
  const [formProblem, setFormProblem] = useState<FormProblem | null>(null);
  const serverProblem = save.error ? placeServerProblem(formatErrorMessage(save.error), form.type) : null;
  const testProblem = test.error ? placeServerProblem(formatErrorMessage(test.error), form.type) : null;
  const problemAt = (field: string | null) =>
    [formProblem, serverProblem, testProblem].find((problem) => problem && problem.field === field)?.message;

  const setValue = (key: string, value: string) => {
    setForm((current) => ({ ...current, values: { ...current.values, [key]: value } }));
    if (formProblem?.field === key) setFormProblem(null);
    if (serverProblem?.field === key) save.reset();
    // A test's answer was for the values as they were.
    if (test.data ?? test.error) test.reset();
  };
  const setType = (type: IntegrationType) => {
    setForm((current) => changeFormType(current, type));
    setFormProblem(null);
    save.reset();
    test.reset();
  };

  const runTest = () =>
    test.mutate({
      ...(connection && { connectionUID: connection.connectionUID }),
      type: form.type,
      ...splitValues(form),
    });

  const submit = () => {
    const problem = findFormProblem(form);
    setFormProblem(problem);
    if (problem) return;
    if (connection) {
      update.mutate(
        { id: connection.connectionUID, patch: toConnectionUpdate(form) },
        { onSuccess: onClose },
      );
    } else {
      create.mutate(toConnectionInput(form), { onSuccess: onCreated });
    }
  };

  const kinds = SYNC_KINDS.filter((kind) => SUPPORTED_CHANGES[form.type][kind].length > 0);
  // A test's problem has its own alert; only a save's goes over the form.
  const saveProblem = [formProblem, serverProblem].find((problem) => problem?.field === null)?.message;
  return (
    <Modal
      opened
      onClose={onClose}
      title={connection ? `Edit ${connection.name}` : 'Add a connection'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      <Stack>
        {connection ? (
          <Text size="sm">
            <Text span fw={600}>
              {CONNECTION_TYPE_LABELS[connection.type]}
            </Text>{' '}
            connection
          </Text>
        ) : (
          <Select
            label="Type"
            description="The system your contacts are sent to."
            data={typeOptions}
            value={form.type}
            allowDeselect={false}
            onChange={(type) => type && setType(type)}
          />
        )}
        <TextInput
          label="Name"
          withAsterisk
          value={form.name}
          maxLength={100}
          error={problemAt('name')}
          onChange={(event) => {
            const name = event.currentTarget.value;
            setForm((current) => ({ ...current, name }));
            if (formProblem?.field === 'name') setFormProblem(null);
            if (serverProblem?.field === 'name') save.reset();
          }}
        />
        {CONNECTION_FIELDS[form.type].map((field) => {
          const shared = {
            label: field.label,
            description: field.help,
            placeholder: placeholderOf(field, connection?.secretHints[field.key]),
            value: form.values[field.key] ?? '',
            error: problemAt(field.key),
            onChange: (event: ChangeEvent<HTMLInputElement>) =>
              setValue(field.key, event.currentTarget.value),
          };
          return field.secret ? (
            <PasswordInput key={field.key} {...shared} autoComplete="new-password" />
          ) : (
            <TextInput key={field.key} {...shared} autoComplete="off" />
          );
        })}
        {connection?.type === 'webhooks' && connection.secretHints.signingSecret && (
          <Text size="sm" c="dimmed">
            Webhooks are signed with the secret ending {connection.secretHints.signingSecret}. Rotate secret,
            on the connection&apos;s card, makes a new one.
          </Text>
        )}
        <Stack gap={4}>
          <Title order={3} size="h5">
            Receives
          </Title>
          <Text size="sm" c="dimmed">
            The changes of a contact sent to {CONNECTION_TYPE_LABELS[form.type]}; what it has no place for is
            not offered.
          </Text>
          <Table withRowBorders={false} verticalSpacing={4} w="auto">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Change</Table.Th>
                {SYNC_ACTIONS.map((action) => (
                  <Table.Th key={action} ta="center">
                    {ACTION_LABELS[action]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {kinds.map((kind) => (
                <Table.Tr key={kind}>
                  <Table.Th scope="row" fw={500}>
                    {KIND_LABELS[kind]}
                  </Table.Th>
                  {SYNC_ACTIONS.map((action) => (
                    <Table.Td key={action}>
                      {SUPPORTED_CHANGES[form.type][kind].includes(action) && (
                        <Group justify="center">
                          <Checkbox
                            aria-label={describeChange({ kind, action })}
                            checked={form.receives[kind].includes(action)}
                            onChange={(event) => {
                              const isOn = event.currentTarget.checked;
                              setForm((current) => ({
                                ...current,
                                receives: setReceives(current.receives, { kind, action, isOn }),
                              }));
                            }}
                          />
                        </Group>
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
        <Switch
          label="Email only: send only people with an email address or a phone number"
          checked={form.emailOnly}
          onChange={(event) => {
            const emailOnly = event.currentTarget.checked;
            setForm((current) => ({ ...current, emailOnly }));
          }}
        />
        <TestAnswer answer={test.data ?? null} problem={testProblem?.message ?? null} />
        {saveProblem && (
          <Alert color="red" title="This connection cannot be saved yet" role="alert">
            {saveProblem}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={runTest} loading={test.isPending}>
            Test connection
          </Button>
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              {connection ? 'Save connection' : 'Add connection'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
