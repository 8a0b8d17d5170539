import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { HomeDashboard } from '@grouptrack/domain';
import { Anchor, Badge, Group, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { useLoggedUser } from '../../../app/signed-in-user';
import { formatRelativeTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { findReaderTimeZone, useDashboardsLive, useHomeDashboard } from '../api/dashboards';
import { CHART_PROPS, ChartCard } from './chart-card';

type HomeTask = HomeDashboard['tasks']['dueToday']['items'][number];

/** A section of the home page: a heading, and what it holds or why it is empty. */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A task of the home page: it opens its form where it can be worked, on its contact or in Tasks. */
function TaskLine({ task }: { task: HomeTask }) {
  const due = new Date(task.dueAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const opened = `?task=${encodeURIComponent(task.taskUID)}`;
  return (
    <List.Item>
      <Anchor
        component={Link}
        to={task.GTID ? `/contact/${encodeURIComponent(task.GTID)}/tasks${opened}` : `/tasks${opened}`}
      >
        {task.taskName}
      </Anchor>{' '}
      <Text span size="sm" c="dimmed">
        {task.contactName ? `${task.contactName}, ` : ''}
        {due}
      </Text>
    </List.Item>
  );
}

function TaskList({ label, found }: { label: string; found: HomeDashboard['tasks']['dueToday'] }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text fw={600}>{label}</Text>
        <Badge variant="light" aria-label={`${found.count} ${label.toLowerCase()}`}>
          {found.count}
        </Badge>
      </Group>
      {found.count === 0 ? (
        <Text size="sm" c="dimmed">
          None.
        </Text>
      ) : (
        <List size="sm" spacing={2} aria-label={label}>
          {found.items.map((task) => (
            <TaskLine key={task.taskUID} task={task} />
          ))}
          {found.count > found.items.length && (
            <List.Item>
              <Anchor component={Link} to="/tasks">
                {found.count - found.items.length} more in Tasks
              </Anchor>
            </List.Item>
          )}
        </List>
      )}
    </Stack>
  );
}

/** /dashboard/home: the reader's day at a glance, live. */
export function HomePage() {
  usePageTitle('Home Dashboard');
  const user = useLoggedUser();
  const teamUID = user.currentTeam.teamUID;
  const timeZone = findReaderTimeZone();
  const home = useHomeDashboard(teamUID, timeZone);
  useDashboardsLive(teamUID);

  if (home.error)
    return (
      <QueryError
        title="Your day could not be loaded"
        error={home.error}
        onRetry={() => void home.refetch()}
      />
    );
  if (!home.data) return <Loader aria-label="Loading your day" />;
  const { newContacts, tasks, messages, reviewQueue, automations, recentActivity } = home.data;
  return (
    <Stack gap="md">
      <Title order={1}>Today</Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard
          title={`New contacts today: ${newContacts.count}`}
          description="Added to your pipelines since midnight, per pipeline and platform."
          fileName={`new-contacts-${home.data.date}`}
          chart={
            <BarChart
              barChartProps={CHART_PROPS}
              h={200}
              data={newContacts.byPipeline}
              dataKey="name"
              series={[{ name: 'count', label: 'New contacts', color: 'blue.6' }]}
            />
          }
          columns={[
            { key: 'kind', label: 'By' },
            { key: 'name', label: 'Name' },
            { key: 'count', label: 'New contacts' },
          ]}
          rows={[
            ...newContacts.byPipeline.map((row) => ({ kind: 'Pipeline', name: row.name, count: row.count })),
            ...newContacts.byPlatform.map((row) => ({
              kind: 'Platform',
              name: row.platform,
              count: row.count,
            })),
          ]}
        />
        <Section title="My tasks">
          <Stack gap="sm">
            <TaskList label="Due today" found={tasks.dueToday} />
            <TaskList label="Overdue" found={tasks.overdue} />
          </Stack>
        </Section>
        <Section title="Messages sent against your Daily Goal">
          <Text fw={700} size="xl">
            {messages.sent}
          </Text>
          {messages.reason && (
            <Text size="sm" c="dimmed">
              {messages.reason}
            </Text>
          )}
        </Section>
        <Section title={`Review queue: ${reviewQueue.count}`}>
          {reviewQueue.reason && (
            <Text size="sm" c="dimmed">
              {reviewQueue.reason}
            </Text>
          )}
        </Section>
        <Section title="Automations and Auto Responder">
          {automations.items.length === 0 && automations.reason && (
            <Text size="sm" c="dimmed">
              {automations.reason}
            </Text>
          )}
          <List size="sm">
            {automations.items.map((item) => (
              <List.Item key={item.id}>
                {item.name} ({item.kind}): {item.today} today
              </List.Item>
            ))}
          </List>
        </Section>
        <Section title="Recent activity">
          {recentActivity.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing yet: changes to contacts in your pipelines show here.
            </Text>
          ) : (
            <List size="sm" spacing={2}>
              {recentActivity.map((item) => (
                <List.Item key={item.activityUID}>
                  <Anchor component={Link} to={`/contact/${item.GTID}`}>
                    {item.contactName || 'A contact'}
                  </Anchor>
                  : {item.type} {item.action} by {item.createdBy}{' '}
                  <Text span size="xs" c="dimmed">
                    {formatRelativeTime(item.createdAt)}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
