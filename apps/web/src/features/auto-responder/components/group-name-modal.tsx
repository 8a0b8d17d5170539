import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { autoResponderGroupChangeSchema } from '@grouptrack/domain';
import { useState, type FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';

interface GroupNameModalProps {
  title: string;
  initialName: string;
  /** Saves the trimmed name; a refusal (the plan, a taken name) shows in the dialog. */
  onSave: (name: string) => void;
  onClose: () => void;
  isPending: boolean;
  error: unknown;
}

/** Names a new job group or renames one. Mount it only while open, so it starts fresh. */
export function GroupNameModal({
  title,
  initialName,
  onSave,
  onClose,
  isPending,
  error,
}: GroupNameModalProps) {
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = autoResponderGroupChangeSchema.shape.name.safeParse(name);
    const issue =
      parsed.success && parsed.data ? null : (parsed.error?.issues[0]?.message ?? 'Name the group.');
    setProblem(issue);
    if (!issue && parsed.data) onSave(parsed.data);
  };

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            required
            data-autofocus
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={problem}
          />
          {error != null && (
            <Alert color="red" variant="light" role="alert" title="The group was not saved">
              {formatErrorMessage(error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isPending}>
              Save group
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
