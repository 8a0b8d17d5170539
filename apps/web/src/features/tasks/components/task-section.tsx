import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { Task } from '../api/tasks';

/** Rows a section shows at first and adds with each "Show more". */
export const TASK_PAGE_SIZE = 50;

export interface TaskSectionProps {
  title: string;
  tasks: Task[];
  /** Shown when the section is empty; the section is left out without it. */
  emptyText?: string;
  renderTask: (task: Task) => ReactNode;
}

/** A titled group of tasks that shows the first rows and more on demand, never thousands at once. */
export function TaskSection({ title, tasks, emptyText, renderTask }: TaskSectionProps) {
  const [shown, setShown] = useState(TASK_PAGE_SIZE);
  if (tasks.length === 0 && emptyText === undefined) return null;
  const headingId = `task-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        <Badge variant="light" color="gray" size="sm">
          {tasks.length}
        </Badge>
      </Group>
      {tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          aria-label={title}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {tasks.slice(0, shown).map(renderTask)}
        </Stack>
      )}
      {tasks.length > shown && (
        <Group>
          <Button variant="subtle" size="xs" onClick={() => setShown((count) => count + TASK_PAGE_SIZE)}>
            Show more ({tasks.length - shown} more)
          </Button>
        </Group>
      )}
    </Stack>
  );
}
