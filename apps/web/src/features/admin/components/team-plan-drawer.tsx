import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import {
  Alert,
  Button,
  Drawer,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { useFieldErrors } from '../../../lib/validate';
import type { AdminTeamRow } from '../api/get-admin-teams';
import { useUpdateTeamSubscription } from '../api/update-team-subscription';
import {
  STATUS_OPTIONS,
  TIER_OPTIONS,
  listPlanOptions,
  toSubscriptionFormValues,
  validateSubscriptionForm,
} from '../lib/subscription-form';
import type { SubscriptionFormValues } from '../lib/subscription-form';

export interface TeamPlanDrawerProps {
  /** The team to edit, or null when the drawer is closed. */
  team: AdminTeamRow | null;
  onClose: () => void;
}

/** Edits a team's plan: status, tier, trial end, per-platform plans and add-ons. */
export function TeamPlanDrawer({ team, onClose }: TeamPlanDrawerProps) {
  return (
    <Drawer
      opened={team !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={team ? `Plan of ${team.name}` : 'Plan'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {team && <TeamPlanForm key={team.teamUID} team={team} onSaved={onClose} />}
    </Drawer>
  );
}

function TeamPlanForm({ team, onSaved }: { team: AdminTeamRow; onSaved: () => void }) {
  const [values, setValues] = useState<SubscriptionFormValues>(() =>
    toSubscriptionFormValues(team.subscription),
  );
  const update = useUpdateTeamSubscription();
  const set = <Field extends keyof SubscriptionFormValues>(
    field: Field,
    value: SubscriptionFormValues[Field],
  ) => setValues((current) => ({ ...current, [field]: value }));
  const result = validateSubscriptionForm(values);
  const [errors, showErrors] = useFieldErrors<keyof SubscriptionFormValues>(result.ok ? {} : result.errors);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    update.mutate(
      { teamUID: team.teamUID, patch: result.patch },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Plan saved',
            message: `${team.name} has its new plan now.`,
            autoClose: TOAST_TIMEOUT_MS,
          });
          onSaved();
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Owner: {team.owner.name} ({team.owner.email}) · {team.memberCount}{' '}
          {team.memberCount === 1 ? 'member' : 'members'}
        </Text>
        {update.isError && (
          <Alert color="red" variant="light" title="Could not save the plan" role="alert">
            {formatErrorMessage(update.error)}
          </Alert>
        )}
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={values.status}
          onChange={(event) => {
            const status = STATUS_OPTIONS.find((option) => option.value === event.currentTarget.value);
            if (status) set('status', status.value);
          }}
          error={errors.status}
        />
        <NativeSelect
          label="Tier"
          data={TIER_OPTIONS}
          value={values.tier}
          onChange={(event) => set('tier', event.currentTarget.value)}
          error={errors.tier}
        />
        <TextInput
          label="Trial ends"
          description="The trial's last day (UTC). Leave it empty when there is no trial."
          type="date"
          value={values.trialEndsOn}
          onChange={(event) => set('trialEndsOn', event.currentTarget.value)}
          error={errors.trialEndsOn}
        />
        <SimpleGrid cols={2} spacing="md">
          <NativeSelect
            label="Facebook plan"
            data={listPlanOptions(team.subscription.facebookPlan)}
            value={values.facebookPlan}
            onChange={(event) => set('facebookPlan', event.currentTarget.value)}
          />
          <NativeSelect
            label="Instagram plan"
            data={listPlanOptions(team.subscription.instagramPlan)}
            value={values.instagramPlan}
            onChange={(event) => set('instagramPlan', event.currentTarget.value)}
          />
          <NumberInput
            label="Contact blocks"
            description="5,000 contacts each"
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            value={values.contactBlocks}
            onChange={(value) => set('contactBlocks', value)}
            error={errors.contactBlocks}
          />
          <NumberInput
            label="Extra seats"
            description="1 seat each"
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            value={values.extraSeats}
            onChange={(value) => set('extraSeats', value)}
            error={errors.extraSeats}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
