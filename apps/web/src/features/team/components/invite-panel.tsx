import { TOAST_TIMEOUT_MS, canAssignRole, emailSchema } from '@grouptrack/domain';
import type { TeamRole } from '@grouptrack/domain';
import {
  Alert,
  Button,
  CopyButton,
  Divider,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { useFieldErrors, validateFields } from '../../../lib/validate';
import { useCreateInvitation } from '../api/create-invitation';
import type { TeamInvitation } from '../api/get-invitations';
import type { PipelineSummary } from './pipeline-access';

type InviteeRole = TeamInvitation['role'];

const ROLE_OPTIONS: { value: InviteeRole; label: string }[] = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
];

export interface InvitePanelProps {
  teamUID: string;
  actorRole: TeamRole;
  /** The team's pipelines, one of which a member invitee may be given. */
  pipelines: PipelineSummary[];
}

/** Invites people to a team: a shareable link, or an invitation by email. */
export function InvitePanel({ teamUID, actorRole, pipelines }: InvitePanelProps) {
  const roleOptions = ROLE_OPTIONS.filter((option) => canAssignRole(actorRole, option.value));
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={3} size="h4">
            Invite
          </Title>
          <Text size="sm" c="dimmed">
            Share a link anyone can use to join this team, or send an invitation to one email address.
          </Text>
        </Stack>
        <InviteLinkForm teamUID={teamUID} roleOptions={roleOptions} pipelines={pipelines} />
        <Divider label="or invite by email" labelPosition="center" />
        <InviteByEmailForm teamUID={teamUID} roleOptions={roleOptions} pipelines={pipelines} />
      </Stack>
    </Paper>
  );
}

interface InviteFormProps {
  teamUID: string;
  roleOptions: { value: InviteeRole; label: string }[];
  pipelines: PipelineSummary[];
}

/**
 * The pipelines a member invitee will see, chosen with the invitation. Until the inviter picks, a team
 * with one pipeline gives it; admins see every pipeline, so they need no choice.
 */
function usePipelineChoice(pipelines: PipelineSummary[]) {
  const [chosen, setChosen] = useState<string[] | null>(null);
  const onlyPipeline = pipelines.length === 1 ? pipelines[0] : undefined;
  const groupAccess = chosen ?? (onlyPipeline ? [onlyPipeline.id] : []);
  return { groupAccess, setGroupAccess: setChosen };
}

function PipelineChoice({
  pipelines,
  value,
  onChange,
  label,
}: {
  pipelines: PipelineSummary[];
  value: string[];
  onChange: (groupAccess: string[]) => void;
  label: string;
}) {
  if (pipelines.length === 0) return null;
  return (
    <MultiSelect
      label={label}
      placeholder={value.length === 0 ? 'No pipeline yet' : undefined}
      description={
        value.length === 0 ? 'They will see no contacts until you give them a pipeline.' : undefined
      }
      data={pipelines.map((pipeline) => ({ value: pipeline.id, label: pipeline.name }))}
      value={value}
      onChange={onChange}
      clearable
      style={{ flex: '1 1 240px' }}
    />
  );
}

function InviteLinkForm({ teamUID, roleOptions, pipelines }: InviteFormProps) {
  const [role, setRole] = useState<InviteeRole>('member');
  const { groupAccess, setGroupAccess } = usePipelineChoice(pipelines);
  const createLink = useCreateInvitation(teamUID);
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Link joins as"
          w={160}
          data={roleOptions}
          value={role}
          allowDeselect={false}
          onChange={(value) => setRole(value === 'admin' ? 'admin' : 'member')}
        />
        {role === 'member' && (
          <PipelineChoice
            label="Link gives the pipelines"
            pipelines={pipelines}
            value={groupAccess}
            onChange={setGroupAccess}
          />
        )}
        <Button
          loading={createLink.isPending}
          onClick={() => createLink.mutate(role === 'member' ? { role, groupAccess } : { role })}
        >
          Create invite link
        </Button>
      </Group>
      {createLink.isError && (
        <Alert color="red" variant="light" role="alert">
          {formatErrorMessage(createLink.error)}
        </Alert>
      )}
      {createLink.data && (
        <TextInput
          label="Invite link"
          description="Anyone with this link can join the team until it expires or you revoke it."
          readOnly
          value={createLink.data.link}
          onFocus={(event) => event.currentTarget.select()}
          rightSectionWidth={86}
          rightSection={
            <CopyButton value={createLink.data.link} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          }
        />
      )}
    </Stack>
  );
}

function InviteByEmailForm({ teamUID, roleOptions, pipelines }: InviteFormProps) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteeRole>('member');
  const { groupAccess, setGroupAccess } = usePipelineChoice(pipelines);
  const invite = useCreateInvitation(teamUID);
  const result = validateFields<{ email: string }>({ email: emailSchema }, { email });
  const [errors, showErrors] = useFieldErrors<'email'>(result.ok ? {} : result.errors);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    invite.mutate(
      role === 'member'
        ? { email: result.values.email, role, groupAccess }
        : { email: result.values.email, role },
      {
        onSuccess: (invitation) => {
          setEmail('');
          notifications.show({
            color: 'teal',
            title: 'Invitation sent',
            message: `We mailed an invitation to ${invitation.email ?? result.values.email}.`,
            autoClose: TOAST_TIMEOUT_MS,
          });
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {invite.isError && (
          <Alert color="red" variant="light" role="alert">
            {formatErrorMessage(invite.error)}
          </Alert>
        )}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Email address"
            type="email"
            placeholder="teammate@example.com"
            style={{ flex: '1 1 240px' }}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
          />
          <Select
            label="Role"
            w={160}
            data={roleOptions}
            value={role}
            allowDeselect={false}
            onChange={(value) => setRole(value === 'admin' ? 'admin' : 'member')}
          />
          {role === 'member' && (
            <PipelineChoice
              label="Pipelines they will see"
              pipelines={pipelines}
              value={groupAccess}
              onChange={setGroupAccess}
            />
          )}
          <Button type="submit" mt={25} loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
