import { Alert, Anchor, Checkbox, Select, Stack, Text } from '@mantine/core';
import { PLATFORM_NAMES, SOCIAL_PLATFORMS, isSocialPlatform } from '@grouptrack/domain';
import { Link } from 'react-router';
import { useLoggedUser } from '../../../app/signed-in-user';
import { formatErrorMessage } from '../../../lib/api-client';
import { groupTemplateOptions, useQueueTemplates } from '../api/message-templates';
import type { BulkQueueDraft } from '../lib/bulk-queue';
import { describeQueuePlanGate } from '../lib/plan-gate';

export interface BulkQueueFieldsProps {
  teamUID: string;
  value: BulkQueueDraft;
  onChange: (value: BulkQueueDraft) => void;
}

/**
 * The choices of the bulk "Queue message": the template filled in for each contact and the platform
 * whose queue it goes to, and, before anything starts, why the plan does not allow it if it does not.
 */
export function BulkQueueFields({ teamUID, value, onChange }: BulkQueueFieldsProps) {
  const templates = useQueueTemplates(teamUID);
  const { subscription } = useLoggedUser();
  const gate = describeQueuePlanGate({
    subscription,
    platform: value.platform,
    use: 'Queueing messages to many contacts',
  });

  return (
    <Stack>
      {gate && (
        <Alert color="yellow" variant="light" title="Needs the Pro plan" role="alert">
          {gate}{' '}
          <Anchor component={Link} to="/profile/billing" inherit>
            Open Billing
          </Anchor>
        </Alert>
      )}
      {templates.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          There are no message templates yet. Create one in Setup, Message templates, then come back.
        </Text>
      ) : (
        <Select
          label="Message template"
          description="Each contact gets it filled in for them."
          data={groupTemplateOptions(templates.data ?? [])}
          value={value.templateId}
          onChange={(templateId) => onChange({ ...value, templateId })}
          searchable
          nothingFoundMessage="No template matches"
          error={templates.isError ? formatErrorMessage(templates.error) : undefined}
        />
      )}
      <Select
        label="Platform"
        description="The queue it goes to. Contacts without a profile there are skipped, with the reason."
        data={SOCIAL_PLATFORMS.map((platform) => ({
          value: platform,
          label: PLATFORM_NAMES[platform],
        }))}
        value={value.platform}
        onChange={(platform) => isSocialPlatform(platform) && onChange({ ...value, platform })}
        allowDeselect={false}
      />
      <Checkbox
        label="Allow the same day"
        description="Queue it also for people who already have a message waiting or sent today."
        checked={value.allowSameDay}
        onChange={(event) => onChange({ ...value, allowSameDay: event.currentTarget.checked })}
      />
      <Text size="sm" c="dimmed">
        A contact the template needs a field for that they lack waits in Review instead of being sent with a
        hole.
      </Text>
    </Stack>
  );
}
