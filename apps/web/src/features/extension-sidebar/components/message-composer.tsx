import { Alert, Button, Group, Loader, Select, Stack, Text, Textarea } from '@mantine/core';
import { listTemplateFields, type SocialPlatform } from '@grouptrack/domain';
import { useState } from 'react';
import { useLoggedUser } from '../../../app/signed-in-user';
import { formatErrorMessage } from '../../../lib/api-client';
import { AiComposer } from '../../ai-setup';
import type { VisibleCoreData } from '../api/core-data';
import { useLogMessage, useMessageTemplates } from '../api/contact-changes';
import { renderMessageFor } from '../lib/message-text';
import { insertText } from '../lib/use-content-script';
import { ErrorAlert } from './error-alert';

const MESSAGE_MAX_LENGTH = 5000;

type Notice = { color: 'teal' | 'yellow' | 'red'; text: string } | null;

export interface MessageComposerProps {
  teamUID: string;
  coreData: VisibleCoreData;
  /** The person's name, for what is said about them. */
  name: string;
  /** The platform of the page: the message goes out there, and counts there toward the Daily Goal. */
  platform: SocialPlatform;
}

/**
 * A message for the person on screen, from a template filled in for them, written by hand or with
 * AI: read and change it, then put it in the platform's message box or copy it. Either is logged in
 * their history, as the contact page's Message logs a copy.
 */
export function MessageComposer({ teamUID, coreData, name, platform }: MessageComposerProps) {
  const templates = useMessageTemplates(teamUID);
  const senderName = useLoggedUser().name;
  const log = useLogMessage(teamUID, coreData.contact.GTID);
  const [templateUID, setTemplateUID] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [isInserting, setIsInserting] = useState(false);
  const unfilled = listTemplateFields(text);
  const canSend = text.trim() !== '' && unfilled.length === 0;

  function handlePick(picked: string | null) {
    const template = templates.data?.find((each) => each.templateUID === picked);
    setTemplateUID(template?.templateUID ?? null);
    setNotice(null);
    log.reset();
    setText(template ? renderMessageFor({ text: template.text, coreData, senderName }) : '');
  }

  function logSent(done: string) {
    log.mutate(
      { templateUID, text, platform },
      { onSuccess: () => setNotice({ color: 'teal', text: `${done} It is logged in ${name}'s activity.` }) },
    );
  }

  async function handleInsert() {
    if (!canSend) return;
    setIsInserting(true);
    const result = await insertText(text);
    setIsInserting(false);
    if (!result.inserted) {
      return setNotice({
        color: 'yellow',
        text: result.message ?? "Couldn't put the message in the page's message box. Use Copy instead.",
      });
    }
    logSent('Inserted in the message box.');
  }

  async function handleCopy() {
    if (!canSend) return;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return setNotice({
        color: 'red',
        text: "Couldn't copy: the browser did not allow it here. Select the text and copy it yourself.",
      });
    }
    logSent('Copied.');
  }

  return (
    <Stack gap="xs">
      {templates.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading message templates" />
      ) : templates.isError ? (
        <ErrorAlert title="Couldn't load the templates" error={templates.error} />
      ) : templates.data.length === 0 ? (
        <Text size="xs" c="dimmed">
          There are no message templates yet (make one in GroupTrack under Setup, Message templates): write
          the message here.
        </Text>
      ) : (
        <Select
          label="Template"
          size="xs"
          placeholder="Search templates"
          data={templates.data.map((template) => ({ value: template.templateUID, label: template.name }))}
          value={templateUID}
          onChange={handlePick}
          searchable
          nothingFoundMessage="No template matches"
        />
      )}
      <Textarea
        label="Message text"
        description={
          templateUID
            ? `Filled in for ${name}; change it here if you like.`
            : `Write to ${name} here, or have the AI write it below.`
        }
        size="xs"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={MESSAGE_MAX_LENGTH}
      />
      <AiComposer
        teamUID={teamUID}
        GTID={coreData.contact.GTID}
        pipelineId={coreData.pipelines[0]?.pipelineUID ?? null}
        text={text}
        onUse={setText}
      />
      {unfilled.length > 0 && (
        <Alert color="yellow" variant="light" role="alert" p="xs">
          Replace or remove {unfilled.map((field) => `{${field}}`).join(', ')} before sending.
        </Alert>
      )}
      {notice && (
        <Alert
          color={notice.color}
          variant="light"
          role={notice.color === 'teal' ? 'status' : 'alert'}
          p="xs"
        >
          {notice.text}
        </Alert>
      )}
      {log.error != null && (
        <Alert color="red" variant="light" role="alert" p="xs">
          Sent, but couldn&apos;t log it in the activity: {formatErrorMessage(log.error)}
        </Alert>
      )}
      <Group gap="xs" grow>
        <Button size="xs" onClick={() => void handleInsert()} loading={isInserting} disabled={!canSend}>
          Insert
        </Button>
        <Button size="xs" variant="default" onClick={() => void handleCopy()} disabled={!canSend}>
          Copy
        </Button>
      </Group>
    </Stack>
  );
}
