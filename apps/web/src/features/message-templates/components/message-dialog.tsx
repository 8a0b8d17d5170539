import { Alert, Anchor, Button, Group, Loader, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { findMissingTemplateFields, listTemplateFields, renderTemplate } from '@grouptrack/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLoggedUser } from '../../../app/signed-in-user';
import { formatErrorMessage } from '../../../lib/api-client';
import { usePipelines } from '../../../lib/pipelines';
import { formatContactName } from '../../contact';
import type { MessageTemplate } from '../api/message-templates';
import { useLogMessageCopy, useMessageTemplates } from '../api/message-templates';
import { usePreviewContact } from '../api/preview-contact';
import { buildContactValues, describeMissingFields, markMissingValues } from '../lib/template-text';
import { AiComposer } from '../../ai-setup';

const NO_CATEGORY = 'No category';

/** The templates as the picker lists them: by category, as in Setup, then by name. */
function groupByCategory(templates: readonly MessageTemplate[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const template of templates) {
    const group = template.category.trim() || NO_CATEGORY;
    groups.set(group, [...(groups.get(group) ?? []), { value: template.templateUID, label: template.name }]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

export interface MessageDialogProps {
  teamUID: string;
  GTID: string;
  /** The pipeline the contact was opened from, whose stage and answers the fields use. */
  pipelineId?: string | null | undefined;
  onClose: () => void;
}

/**
 * Writes a message to one contact: from a template (searchable, by category) filled in for them, by
 * hand, or with AI; edit it if wanted and copy it. The copy is logged in their activity.
 */
export function MessageDialog({ teamUID, GTID, pipelineId = null, onClose }: MessageDialogProps) {
  const templates = useMessageTemplates(teamUID);
  const contact = usePreviewContact(teamUID, GTID);
  const pipelines = usePipelines(teamUID);
  const senderName = useLoggedUser().name;
  const log = useLogMessageCopy(teamUID);
  const [templateUID, setTemplateUID] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [copyFailed, setCopyFailed] = useState(false);
  const name = contact.data ? formatContactName(contact.data) : 'this contact';
  const loadError = templates.error ?? contact.error ?? pipelines.error;

  function handlePick(picked: string | null) {
    const template = templates.data?.find((each) => each.templateUID === picked);
    setTemplateUID(template?.templateUID ?? null);
    log.reset();
    if (!template || !contact.data || !pipelines.data) return setText('');
    const values = buildContactValues({
      contact: contact.data,
      pipelines: pipelines.data.pipelines,
      senderName,
      pipelineId,
    });
    // What the person lacks stays in the text as its field, to be filled in or taken out.
    setText(
      renderTemplate(
        template.text,
        markMissingValues(values, findMissingTemplateFields(template.text, values)),
      ),
    );
  }

  // Fields still in the text, whether the person lacked them or they were typed in by hand.
  const unfilled = listTemplateFields(text);
  const warning = describeMissingFields(unfilled, name);

  const canCopy = text.trim() !== '' && unfilled.length === 0;

  async function handleCopy() {
    if (!canCopy) return;
    try {
      await navigator.clipboard.writeText(text);
      setCopyFailed(false);
    } catch {
      return setCopyFailed(true);
    }
    log.mutate(
      { GTID, text, templateUID },
      {
        onSuccess: () => {
          notifications.show({ message: `Message for ${name} copied, and logged in the activity.` });
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Message ${name}`}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {loadError ? (
        <Alert color="red" variant="light" role="alert">
          Couldn&apos;t load the templates: {formatErrorMessage(loadError)}
        </Alert>
      ) : !templates.data || !contact.data || !pipelines.data ? (
        <Loader role="status" aria-label="Loading templates" />
      ) : (
        <Stack>
          {templates.data.length > 0 ? (
            <Select
              label="Template"
              placeholder="Search templates"
              data={groupByCategory(templates.data)}
              value={templateUID}
              onChange={handlePick}
              searchable
              nothingFoundMessage="No template matches"
              data-autofocus
            />
          ) : (
            <Text size="sm">
              There are no message templates yet: write the message here, or{' '}
              <Anchor component={Link} to="/setup/messaging">
                make a template in Setup
              </Anchor>
              .
            </Text>
          )}
          <Textarea
            label="Message"
            description={
              templateUID
                ? `Filled in for ${name}; change it here if you like before copying.`
                : `Write to ${name} here, or have the AI write it below.`
            }
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={14}
            maxLength={5000}
            data-autofocus={templates.data.length === 0 || undefined}
          />
          <AiComposer teamUID={teamUID} GTID={GTID} pipelineId={pipelineId} text={text} onUse={setText} />
          {warning && (
            <Alert color="yellow" variant="light" role="alert">
              {warning}
            </Alert>
          )}
          {copyFailed && (
            <Alert color="red" variant="light" role="alert">
              Couldn&apos;t copy: your browser did not allow it. Select the text and copy it yourself.
            </Alert>
          )}
          {log.error != null && (
            <Alert color="red" variant="light" role="alert">
              Copied, but couldn&apos;t log it in the activity: {formatErrorMessage(log.error)}. Copy again to
              retry.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void handleCopy()} disabled={!canCopy} loading={log.isPending}>
              Copy message
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
