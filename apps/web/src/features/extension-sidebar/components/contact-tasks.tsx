import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNow } from '../../../lib/use-now';
import { formatDue } from '../../tasks';
import { useTaskTemplates } from '../../task-templates';
import type { VisibleCoreData } from '../api/core-data';
import { useAddTask } from '../api/contact-changes';
import { ErrorAlert } from './error-alert';
import { Section } from './section';

/** The contact's open tasks (mine), and adding one by name and day or from a task template. */
export function ContactTasks({ teamUID, coreData }: { teamUID: string; coreData: VisibleCoreData }) {
  const now = useNow();
  const addTask = useAddTask(teamUID, coreData.contact.GTID);
  const templates = useTaskTemplates(teamUID);
  const [taskName, setTaskName] = useState('');
  const [dueDate, setDueDate] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [templateUID, setTemplateUID] = useState<string | null>(null);

  function handleAdd() {
    if (!taskName.trim() || !dueDate) return;
    addTask.mutate({ taskName: taskName.trim(), dueDate }, { onSuccess: () => setTaskName('') });
  }

  function handleAddFromTemplate() {
    if (!templateUID) return;
    addTask.mutate({ templateUID }, { onSuccess: () => setTemplateUID(null) });
  }

  return (
    <Section title="Open tasks">
      {coreData.openTasks.length === 0 ? (
        <Text size="xs" c="dimmed">
          No open tasks.
        </Text>
      ) : (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {coreData.openTasks.map((task) => (
            <Text key={task.taskUID} component="li" size="xs">
              {task.taskName}{' '}
              <Text span size="xs" c="dimmed">
                · {formatDue({ actualDueDate: task.actualDueDate, now })}
              </Text>
            </Text>
          ))}
        </Stack>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Task name"
          size="xs"
          value={taskName}
          onChange={(event) => setTaskName(event.currentTarget.value)}
          maxLength={200}
          flex={1}
        />
        <TextInput
          label="Due date"
          type="date"
          size="xs"
          value={dueDate}
          onChange={(event) => setDueDate(event.currentTarget.value)}
          w={130}
        />
      </Group>
      <Button
        size="xs"
        variant="light"
        onClick={handleAdd}
        loading={addTask.isPending && !('templateUID' in (addTask.variables ?? {}))}
        disabled={!taskName.trim() || !dueDate}
      >
        Add task
      </Button>
      {templates.data && templates.data.length > 0 && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label="Task template"
            size="xs"
            placeholder="Pick a template"
            data={templates.data.map((template) => ({ value: template.templateUID, label: template.name }))}
            value={templateUID}
            onChange={setTemplateUID}
            flex={1}
          />
          <Button
            size="xs"
            variant="default"
            onClick={handleAddFromTemplate}
            loading={addTask.isPending && 'templateUID' in (addTask.variables ?? {})}
            disabled={!templateUID}
          >
            Add from template
          </Button>
        </Group>
      )}
      <ErrorAlert title="Couldn't add the task" error={addTask.error ?? templates.error} />
    </Section>
  );
}
