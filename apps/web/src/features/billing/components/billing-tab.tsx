import { CANCELED_DATA_RETENTION_DAYS, CONTACT_BLOCK_SIZE, SEAT_ADDON_SIZE } from '@grouptrack/domain';
import type { Subscription } from '@grouptrack/domain';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useLoggedUser } from '../../../app/signed-in-user';
import { useAppConfig } from '../../../lib/app-config';
import { useMembers } from '../../../lib/team-members';
import {
  computeUsagePercent,
  formatCount,
  formatPlanName,
  formatStatus,
  formatTierName,
  pickUsageColor,
} from '../lib/format-billing';

/**
 * Whom to write to about upgrading: the operator's address from the server's configuration, or,
 * without one, a plain word that none is set up (never a link that leads nowhere).
 */
function PlanContactNote() {
  const config = useAppConfig();
  if (config.isPending) return null;
  const email = config.data?.operatorEmail;
  if (!email) {
    return (
      <>
        Plans are managed by your GroupTrack operator. No operator contact address is set up on this
        installation, so ask your team owner.
      </>
    );
  }
  return (
    <>
      Plans are managed by your GroupTrack operator. To upgrade or change your plan, write to{' '}
      <Anchor href={`mailto:${email}`} inherit>
        {email}
      </Anchor>
      .
    </>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** The billing tab: the current team's plan, its limits against what is used, and who changes it. */
export function BillingTab() {
  const user = useLoggedUser();
  const { teamUID, teamOwner } = user.currentTeam;
  const teamName = user.teams.find((team) => team.teamUID === teamUID)?.teamName ?? 'Your team';
  const members = useMembers(teamUID);
  const subscription = user.subscription;
  const owner = members.data?.find((member) => member.teamOwner);

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Text size="sm" c="dimmed" fw={500}>
          {teamName}
        </Text>
        <Title order={1} size="h2">
          Billing
        </Title>
      </Stack>

      <StatusNotice subscription={subscription} />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Section title="Plan">
          <PlanSummary subscription={subscription} />
        </Section>
        <Section title="Usage">
          <Stack gap="lg">
            <UsageMeter
              label="Contacts"
              used={subscription.contactCount}
              allowed={subscription.contactsAllowed}
            />
            {members.isSuccess ? (
              <UsageMeter label="Seats" used={members.data.length} allowed={subscription.seatsAllowed} />
            ) : (
              <Skeleton height={44} aria-label="Loading seats" />
            )}
          </Stack>
        </Section>
        <Section title="Messaging plans">
          <Stack gap="sm">
            <Table aria-label="Messaging plans" verticalSpacing={6}>
              <Table.Tbody>
                <PlanRow platform="Facebook" plan={subscription.platforms.facebook} />
                <PlanRow platform="Instagram" plan={subscription.platforms.instagram} />
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed">
              Sending messages on a platform needs its pro plan.
            </Text>
          </Stack>
        </Section>
        <Section title="Add-ons">
          <Table aria-label="Add-ons" verticalSpacing={6}>
            <Table.Tbody>
              <AddonRow
                name="Contact blocks"
                count={subscription.addons.contactBlocks}
                each={`${formatCount(CONTACT_BLOCK_SIZE)} contacts each`}
              />
              <AddonRow
                name="Team members"
                count={subscription.addons.teamMembers}
                each={`${SEAT_ADDON_SIZE} seat each`}
              />
            </Table.Tbody>
          </Table>
        </Section>
      </SimpleGrid>

      <Section title="Changing your plan">
        <Stack gap="xs">
          <Text size="sm">
            <PlanContactNote />
          </Text>
          {teamOwner ? (
            <Text size="sm" c="dimmed">
              You own this team, so write to the operator yourself.
            </Text>
          ) : (
            owner && (
              <Text size="sm" c="dimmed">
                Your team owner is {owner.name} ({owner.email}).
              </Text>
            )
          )}
        </Stack>
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function PlanSummary({ subscription }: { subscription: Subscription }) {
  const status = formatStatus(subscription.status);
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text size="sm" c="dimmed" w={90}>
          Status
        </Text>
        <Badge color={status.color} variant="dot" tt="none" size="lg">
          {status.label}
        </Badge>
      </Group>
      {subscription.status === 'trialing' && subscription.trialEndsAt !== null && (
        <Group gap="sm">
          <Text size="sm" c="dimmed" w={90}>
            Trial ends
          </Text>
          <Text size="sm" fw={600}>
            {dateFormat.format(new Date(subscription.trialEndsAt))}
          </Text>
        </Group>
      )}
      <Group gap="sm">
        <Text size="sm" c="dimmed" w={90}>
          Tier
        </Text>
        <Text size="sm" fw={600}>
          {formatTierName(subscription.tier.name)}
        </Text>
        <Badge variant="default" tt="none">
          Tier {subscription.tier.value}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Includes {formatCount(subscription.includedContacts)} contacts and{' '}
        {subscription.includedSeats === 1 ? '1 seat' : `${subscription.includedSeats} seats`}.
      </Text>
    </Stack>
  );
}

function UsageMeter({ label, used, allowed }: { label: string; used: number; allowed: number }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            {formatCount(used)}
          </Text>{' '}
          of {formatCount(allowed)} used
        </Text>
      </Group>
      <Progress
        value={computeUsagePercent(used, allowed)}
        color={pickUsageColor(used, allowed)}
        size="md"
        aria-label={`${label} used`}
      />
    </Stack>
  );
}

function PlanRow({ platform, plan }: { platform: string; plan: string | null }) {
  const name = formatPlanName(plan);
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {platform}
      </Table.Th>
      <Table.Td ta="right">
        <Badge variant={name === 'None' ? 'default' : 'dot'} color="teal" tt="none">
          {name}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

function AddonRow({ name, count, each }: { name: string; count: number; each: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {name}
        <Text size="xs" c="dimmed" fw={400}>
          {each}
        </Text>
      </Table.Th>
      <Table.Td ta="right">
        <Text size="sm" fw={600}>
          {formatCount(count)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function StatusNotice({ subscription }: { subscription: Subscription }) {
  if (subscription.status === 'past_due') {
    return (
      <Alert color="orange" variant="light" title="Payment past due">
        This team can keep working for now. <PlanContactNote />
      </Alert>
    );
  }
  if (subscription.status === 'canceled') {
    return (
      <Alert color="red" variant="light" title="This team’s plan has ended">
        Your data is kept for {CANCELED_DATA_RETENTION_DAYS} days. <PlanContactNote />
      </Alert>
    );
  }
  return null;
}
