import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { RowActions } from '../../../components/row-actions';
import { LabelFilter, TemplateGroups } from '../../../components/template-groups';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ReadOnlyNote, useSetupAccess } from '../../../app/setup-access';
import { listDistinctLabels } from '../../../lib/group-templates';
import type { MessageTemplate } from '../api/message-templates';
import { useDeleteMessageTemplate, useMessageTemplates } from '../api/message-templates';
import { filterMessageTemplates } from '../lib/filter-templates';
import { MessageTemplateModal } from './message-template-modal';
import { PreviewContactPicker, RenderedText, usePreviewValues } from './template-preview';
import type { PreviewValues } from './template-preview';

/** /setup/messaging: message templates to search, filter, preview for a contact, copy, add, edit and delete. */
export function MessageTemplatesPage() {
  const { teamUID, canEdit } = useSetupAccess();
  const templates = useMessageTemplates(teamUID);
  const remove = useDeleteMessageTemplate(teamUID);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [previewGTID, setPreviewGTID] = useState<string | null>(null);
  const preview = usePreviewValues(teamUID, previewGTID);
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MessageTemplate | null>(null);

  const all = useMemo(() => templates.data ?? [], [templates.data]);
  const categories = useMemo(() => listDistinctLabels(all.map((each) => each.category)), [all]);
  const types = useMemo(() => listDistinctLabels(all.map((each) => each.type)), [all]);
  const tags = useMemo(() => listDistinctLabels(all.flatMap((each) => each.tags)), [all]);
  const shown = filterMessageTemplates(all, { search, category, type, tag });

  return (
    <Stack maw={960}>
      <Title order={1}>Message templates</Title>
      <Text c="dimmed">
        Templates are messages you send again and again. Fields such as {'{firstName}'} are filled in for each
        contact, so every message reads as written for them.
      </Text>
      {!canEdit && <ReadOnlyNote />}
      {canEdit && (
        <Group>
          <Button onClick={() => setEditing('new')}>New message template</Button>
        </Group>
      )}
      <PreviewContactPicker teamUID={teamUID} preview={preview} onPick={setPreviewGTID} />
      <Group align="flex-end">
        <TextInput
          label="Search templates"
          placeholder="Name or text"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={240}
        />
        <LabelFilter
          label="Category"
          placeholder="All categories"
          options={categories}
          value={category}
          onChange={setCategory}
        />
        <LabelFilter label="Type" placeholder="All types" options={types} value={type} onChange={setType} />
        <LabelFilter label="Tag" placeholder="All tags" options={tags} value={tag} onChange={setTag} />
      </Group>
      <TemplateGroups
        noun="message template"
        templates={templates}
        shown={shown}
        canEdit={canEdit}
        noMatch="No message template matches this search and these filters."
      >
        {(template) => (
          <MessageTemplateCard
            key={template.templateUID}
            template={template}
            preview={preview}
            canEdit={canEdit}
            onEdit={() => setEditing(template)}
            onDelete={() => {
              remove.reset();
              setDeleting(template);
            }}
          />
        )}
      </TemplateGroups>
      {editing !== null && (
        <MessageTemplateModal
          teamUID={teamUID}
          template={editing === 'new' ? null : editing}
          categories={categories}
          types={types}
          tags={tags}
          preview={preview}
          onPickPreviewContact={setPreviewGTID}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete message template ${deleting?.name ?? ''}?`}
        confirmLabel="Delete template"
        onConfirm={() =>
          deleting && remove.mutate(deleting.templateUID, { onSuccess: () => setDeleting(null) })
        }
        onClose={() => setDeleting(null)}
        isPending={remove.isPending}
        error={remove.error}
      >
        The template is removed for the whole team. Messages already sent are not changed.
      </ConfirmModal>
    </Stack>
  );
}

interface MessageTemplateCardProps {
  template: MessageTemplate;
  preview: PreviewValues;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function MessageTemplateCard({ template, preview, canEdit, onEdit, onDelete }: MessageTemplateCardProps) {
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`Message template ${template.name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs">
            <Text fw={600}>{template.name}</Text>
            {template.type && <Badge variant="light">{template.type}</Badge>}
            {template.tags.map((each) => (
              <Badge key={each} variant="outline" color="gray">
                {each}
              </Badge>
            ))}
          </Group>
          {canEdit && (
            <RowActions itemLabel={`message template ${template.name}`} onEdit={onEdit} onDelete={onDelete} />
          )}
        </Group>
        <RenderedText
          text={template.text}
          preview={preview}
          label={`Preview of ${template.name}`}
          copyLabel={`Copy ${template.name}`}
        />
      </Stack>
    </Paper>
  );
}
