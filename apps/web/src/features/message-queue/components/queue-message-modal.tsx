import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { PLATFORM_NAMES, QUEUE_TEXT_MAX, isSocialPlatform } from '@grouptrack/domain';
import type { Contact, SocialPlatform } from '@grouptrack/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useLoggedUser } from '../../../app/signed-in-user';
import { formatErrorMessage } from '../../../lib/api-client';
import type { Pipeline } from '../../../lib/pipelines';
import { groupTemplateOptions, useQueueTemplates } from '../api/message-templates';
import { useQueueForContact } from '../api/queue-items';
import { formatConversationsPath } from '../lib/conversation-tabs';
import { describeQueuedItem } from '../lib/describe-queue-result';
import { buildQueuePreview, listProfilePlatforms } from '../lib/queue-preview';

export interface QueueMessageModalProps {
  teamUID: string;
  contact: Contact;
  /** The contact's name as their page shows it. */
  name: string;
  pipelines: readonly Pipeline[];
  onClose: () => void;
  /** Shown inside another site's page (the extension's sidebar): Conversations opens in a tab of its own. */
  linksOpenNewTab?: boolean;
}

type Source = 'template' | 'text';

const TONE_COLORS = { scheduled: 'teal', review: 'yellow', skipped: 'red' } as const;
const TONE_TABS = { scheduled: 'scheduled', review: 'review', skipped: 'failed' } as const;

/**
 * Queues one message for a contact on a platform they have a profile on: a template filled in for
 * them, or a text. Says beforehand when a field they lack will keep it in Review, and afterwards
 * what the server did with it: scheduled, in Review with the reason, or skipped with the reason.
 */
export function QueueMessageModal({
  teamUID,
  contact,
  name,
  pipelines,
  onClose,
  linksOpenNewTab = false,
}: QueueMessageModalProps) {
  const platforms = listProfilePlatforms(contact.sources);
  const templates = useQueueTemplates(teamUID);
  const senderName = useLoggedUser().name;
  const queue = useQueueForContact(teamUID, contact.GTID);
  const [platform, setPlatform] = useState<SocialPlatform | null>(platforms[0] ?? null);
  const [source, setSource] = useState<Source>('template');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [allowSameDay, setAllowSameDay] = useState(false);
  const [isChecked, setIsChecked] = useState(false);

  const template = templates.data?.find((each) => each.templateUID === templateId) ?? null;
  const written = source === 'template' ? (template?.text ?? '') : text;
  const preview = written.trim()
    ? buildQueuePreview({ text: written, contact, pipelines, senderName })
    : null;
  const missingChoice =
    platform === null
      ? 'Choose a platform.'
      : source === 'template' && !template
        ? 'Choose a template.'
        : source === 'text' && text.trim() === ''
          ? 'Write the message.'
          : null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setIsChecked(true);
    if (missingChoice || !platform) return;
    queue.mutate(
      source === 'template' && template
        ? { platform, templateId: template.templateUID, allowSameDay }
        : { platform, text, allowSameDay },
    );
  }

  const outcome = queue.data ? describeQueuedItem(queue.data) : null;
  const conversationsPath =
    outcome && queue.data ? formatConversationsPath(TONE_TABS[outcome.tone], queue.data.platform) : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Queue a message to ${name}`}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {outcome && queue.data && conversationsPath ? (
        <Stack>
          <Alert color={TONE_COLORS[outcome.tone]} variant="light" title={outcome.title} role="status">
            {outcome.message}
          </Alert>
          <Paper withBorder p="sm" radius="sm">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {queue.data.text}
            </Text>
          </Paper>
          <Group justify="flex-end">
            {linksOpenNewTab ? (
              <Anchor href={conversationsPath} target="_blank" rel="noopener" size="sm">
                Open Conversations
              </Anchor>
            ) : (
              <Anchor component={Link} to={conversationsPath} size="sm">
                Open Conversations
              </Anchor>
            )}
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : platforms.length === 0 ? (
        <Stack>
          <Text size="sm">
            {name} has no profile on a platform yet, so there is nowhere to send a message. Add a profile in
            the Overview tab, then queue one.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <Select
              label="Platform"
              description={`Only platforms ${name} has a profile on.`}
              data={platforms.map((each) => ({ value: each, label: PLATFORM_NAMES[each] }))}
              value={platform}
              onChange={(value) => isSocialPlatform(value) && setPlatform(value)}
              allowDeselect={false}
            />
            <SegmentedControl
              aria-label="Message from"
              w="fit-content"
              data={[
                { value: 'template', label: 'From a template' },
                { value: 'text', label: 'Write it' },
              ]}
              value={source}
              onChange={(value) => setSource(value === 'text' ? 'text' : 'template')}
            />
            {source === 'template' ? (
              templates.isPending ? (
                <Loader size="sm" role="status" aria-label="Loading templates" />
              ) : templates.isError ? (
                <Alert color="red" variant="light" role="alert">
                  Couldn&apos;t load the templates: {formatErrorMessage(templates.error)}
                </Alert>
              ) : templates.data.length === 0 ? (
                <Text size="sm">
                  There are no message templates yet: write the message instead, or{' '}
                  <Anchor component={Link} to="/setup/messaging">
                    make a template in Setup
                  </Anchor>
                  .
                </Text>
              ) : (
                <Select
                  label="Template"
                  placeholder="Search templates"
                  data={groupTemplateOptions(templates.data)}
                  value={templateId}
                  onChange={setTemplateId}
                  searchable
                  nothingFoundMessage="No template matches"
                  error={isChecked && !template ? 'Choose a template.' : undefined}
                  data-autofocus
                />
              )
            ) : (
              <Textarea
                label="Message"
                description="Fields such as {firstName} are filled in for them."
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                autosize
                minRows={4}
                maxRows={12}
                maxLength={QUEUE_TEXT_MAX}
                error={isChecked && text.trim() === '' ? 'Write the message.' : undefined}
              />
            )}
            {preview && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Preview for {name}
                </Text>
                <Paper withBorder p="sm" radius="sm" aria-label={`Preview for ${name}`}>
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {preview.text}
                  </Text>
                </Paper>
              </Stack>
            )}
            {preview && preview.missing.length > 0 && (
              <Alert color="yellow" variant="light">
                {name} has no value for {preview.missing.map((field) => `{${field}}`).join(', ')}: the message
                will wait in Review until you fill it in and approve it.
              </Alert>
            )}
            <Checkbox
              label="Allow the same day"
              description={`Queue it even if ${name} already has a message waiting or sent today.`}
              checked={allowSameDay}
              onChange={(event) => setAllowSameDay(event.currentTarget.checked)}
            />
            {queue.error != null && (
              <Alert color="red" variant="light" role="alert">
                {formatErrorMessage(queue.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={queue.isPending}>
                Queue message
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
