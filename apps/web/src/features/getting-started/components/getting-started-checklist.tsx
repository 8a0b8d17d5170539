import { can } from '@grouptrack/domain';
import {
  Anchor,
  CheckIcon,
  CloseButton,
  Group,
  List,
  Paper,
  Progress,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { LoggedUser } from '../../../app/signed-in-user';
import { useAppConfig } from '../../../lib/app-config';
import { useChecklistFacts, useDismissChecklist } from '../api/checklist-facts';
import { buildChecklist, isChecklistDismissed, type ChecklistItemId } from '../lib/checklist';

/** Where each step is done: pages of the app, and the extension's install page outside it. */
const PAGES: Record<Exclude<ChecklistItemId, 'extension'>, string> = {
  contacts: '/contacts/table',
  teammate: '/profile/team',
  template: '/setup/messaging',
};

/**
 * "Get started" for a new team's owner and admins: four first steps, each ticked by the team's own
 * data and linking to where it is done. Dismissed, or once every step is done, it is put away for
 * good for this user and team (kept on the server, so another device does not show it again).
 */
export function GettingStartedChecklist({ user }: { user: LoggedUser }) {
  const teamUID = user.currentTeam.teamUID;
  const isManager = can(user.currentTeam.role, 'manage-members');
  const isDismissed = isChecklistDismissed(user.notifications, teamUID);
  if (!isManager || isDismissed) return null;
  return <Checklist user={user} />;
}

function Checklist({ user }: { user: LoggedUser }) {
  const teamUID = user.currentTeam.teamUID;
  const facts = useChecklistFacts(user);
  const dismiss = useDismissChecklist(teamUID);
  const installUrl = useAppConfig().data?.extensionInstallUrl;
  const items = facts ? buildChecklist(facts) : null;
  const doneCount = items?.filter((item) => item.isDone).length ?? 0;
  const isFinished = items !== null && doneCount === items.length;

  // Every step done: it goes for good, even if one later slips back (the extension on another device).
  const { mutate: putAway, isPending, isSuccess } = dismiss;
  useEffect(() => {
    if (isFinished && !isPending && !isSuccess) putAway();
  }, [isFinished, isPending, isSuccess, putAway]);

  if (!items || isFinished) return null;
  return (
    <Paper withBorder radius="md" px="md" py="sm" component="section" aria-labelledby="getting-started-title">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Title order={2} size="h5" id="getting-started-title">
            Get started
          </Title>
          <Text size="sm" c="dimmed">
            {doneCount} of {items.length} done
          </Text>
        </Group>
        <CloseButton
          aria-label="Dismiss the getting-started checklist"
          onClick={() => dismiss.mutate()}
          disabled={dismiss.isPending}
        />
      </Group>
      <Progress value={(doneCount / items.length) * 100} size="xs" my="xs" aria-hidden />
      <List spacing={4} size="sm" center style={{ display: 'flex', flexWrap: 'wrap', columnGap: 24 }}>
        {items.map((item) => (
          <List.Item
            key={item.id}
            icon={
              <ThemeIcon
                size={18}
                radius="xl"
                variant={item.isDone ? 'filled' : 'outline'}
                color={item.isDone ? 'teal.8' : 'gray.6'}
                aria-hidden
              >
                {item.isDone && <CheckIcon size={10} />}
              </ThemeIcon>
            }
          >
            {item.id === 'extension' ? (
              installUrl ? (
                <Anchor href={installUrl} target="_blank" rel="noopener noreferrer" td={done(item.isDone)}>
                  {item.label}
                </Anchor>
              ) : (
                <Text span td={done(item.isDone)} inherit>
                  {item.label}
                </Text>
              )
            ) : (
              <Anchor component={Link} to={PAGES[item.id]} td={done(item.isDone)}>
                {item.label}
              </Anchor>
            )}
            <VisuallyHidden>{item.isDone ? ' (done)' : ' (to do)'}</VisuallyHidden>
          </List.Item>
        ))}
      </List>
      {dismiss.isError && (
        <Text size="sm" c="red.8" role="alert">
          The checklist could not be put away. Try again.
        </Text>
      )}
    </Paper>
  );
}

const done = (isDone: boolean) => (isDone ? 'line-through' : undefined);
