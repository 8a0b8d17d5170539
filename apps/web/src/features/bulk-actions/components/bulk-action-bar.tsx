import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLoggedUser } from '../../../app/signed-in-user';
import { showUndoToast } from '../../../components/undo-toast';
import { formatErrorMessage } from '../../../lib/api-client';
import { restoreBulkDelete, undoBulkAction } from '../api/undo-bulk-action';
import { listTagOptions } from '../../contact-filters';
import type { PipelineList } from '../../../lib/pipelines';
import { useTaskTemplates } from '../../task-templates';
import { BulkQueueFields, EMPTY_BULK_QUEUE_DRAFT, toQueueMessageAction } from '../../message-queue';
import {
  fetchBulkJob,
  formatExportUrl,
  isJobFinished,
  startBulkAction,
  type BulkAction,
  type BulkJobProgress,
  type BulkTarget,
} from '../../../lib/start-bulk-action';
import { useJobProgress } from '../../../lib/use-job-progress';
import { useStatusLabels } from '../../../lib/status-labels';
import { formatCount } from '../../../lib/format';

type ActionType = BulkAction['type'];

/** Actions a finished job offers to undo (a delete is restored as one deletion). */
const UNDOABLE: ReadonlySet<ActionType> = new Set(['addTags', 'removeTags', 'moveStage', 'delete']);

const ACTION_LABELS: Record<ActionType, string> = {
  addTags: 'Add tags',
  removeTags: 'Remove tags',
  moveStage: 'Move to stage',
  addToPipeline: 'Add to pipeline',
  createTask: 'Create task',
  setStatusLabel: 'Set status label',
  queueMessage: 'Queue message',
  export: 'Export CSV',
  delete: 'Delete',
};

/** The status label choice that clears the contacts' labels. */
const NO_LABEL = 'none';

const PROGRESS_VERBS: Record<ActionType, string> = {
  addTags: 'Adding tags',
  removeTags: 'Removing tags',
  moveStage: 'Moving',
  addToPipeline: 'Adding to pipeline',
  createTask: 'Creating tasks for',
  setStatusLabel: 'Setting the status label of',
  queueMessage: 'Queueing messages for',
  export: 'Preparing the export of',
  delete: 'Deleting',
};

export interface BulkActionBarProps {
  teamUID: string;
  pipelineId: string | null;
  details: PipelineList;
  canDelete: boolean;
  selectedCount: number;
  /** The contacts to act on, or null when none are selected. */
  target: BulkTarget | null;
  /** Called when a job has finished, to reload the rows and clear the selection. */
  onFinished: () => void;
}

const isBulkFinished = (progress: BulkJobProgress) => isJobFinished(progress);

/** Bulk actions on the selected contacts, with a progress bar fed by realtime events. */
export function BulkActionBar({
  teamUID,
  pipelineId,
  details,
  canDelete,
  selectedCount,
  target,
  onFinished,
}: BulkActionBarProps) {
  const [open, setOpen] = useState<ActionType | null>(null);
  const [job, setJob] = useState<{
    jobId: string;
    type: ActionType;
    matched: number;
    /** The job reverses an earlier one of this type. */
    isUndo?: boolean;
  } | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [chosenPipeline, setChosenPipeline] = useState<string | null>(pipelineId);
  const [stageId, setStageId] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [labelChoice, setLabelChoice] = useState<string | null>(null);
  const [queueDraft, setQueueDraft] = useState(EMPTY_BULK_QUEUE_DRAFT);
  const { subscription } = useLoggedUser();
  const taskTemplates = useTaskTemplates(teamUID);
  const statusLabels = useStatusLabels(teamUID);
  const notified = useRef<string | null>(null);

  const { progress, error: pollError } = useJobProgress<BulkJobProgress>({
    teamUID,
    entity: 'bulk_job',
    jobId: job?.jobId ?? null,
    poll: (jobId, signal) => fetchBulkJob(teamUID, jobId, signal),
    isFinished: isBulkFinished,
  });
  const finished = progress !== null && isJobFinished(progress);
  const finishedJobId = job && finished ? job.jobId : null;
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  });
  const finishedJob = job && finished && !progress.error ? job : null;
  useEffect(() => {
    if (finishedJobId === null || notified.current === finishedJobId) return;
    notified.current = finishedJobId;
    onFinishedRef.current();
    if (!finishedJob || finishedJob.isUndo || !UNDOABLE.has(finishedJob.type)) return;
    const { jobId, type, matched } = finishedJob;
    const people = formatCount(matched, 'contact');
    showUndoToast({
      message: `${ACTION_LABELS[type]}: done for ${people}.`,
      label: `Undo ${ACTION_LABELS[type].toLowerCase()} for ${people}`,
      undo: () => {
        const undone =
          type === 'delete'
            ? restoreBulkDelete(teamUID, jobId).then(() => {
                notifications.show({ message: `Restored ${people}.` });
                onFinishedRef.current();
              })
            : undoBulkAction(teamUID, jobId).then((started) =>
                setJob({ jobId: started.jobId, type, matched: started.matched, isUndo: true }),
              );
        undone.catch((error: unknown) =>
          notifications.show({ color: 'red', message: `Couldn't undo: ${formatErrorMessage(error)}` }),
        );
      },
    });
  }, [finishedJobId, finishedJob, teamUID]);

  const tagOptions = listTagOptions(details, pipelineId).map((tag) => ({
    value: tag.tagUID,
    label: `${tag.setName}: ${tag.name}`,
  }));
  const pipelineOptions = details.pipelines.map((pipeline) => ({
    value: pipeline.groupUID,
    label: pipeline.nickName,
  }));
  const stageOptions = (
    details.pipelines.find((pipeline) => pipeline.groupUID === chosenPipeline)?.stages ?? []
  ).map((stage) => ({ value: stage.stageUID, label: stage.name }));

  function openAction(type: ActionType) {
    setStartError(null);
    setTagIds([]);
    setChosenPipeline(pipelineId ?? details.pipelines[0]?.groupUID ?? null);
    setStageId(null);
    setTemplateId(null);
    setLabelChoice(null);
    setQueueDraft(EMPTY_BULK_QUEUE_DRAFT);
    setOpen(type);
  }

  function buildAction(type: ActionType): BulkAction | null {
    switch (type) {
      case 'addTags':
      case 'removeTags':
        return tagIds.length > 0 ? { type, tagIds } : null;
      case 'moveStage':
        return chosenPipeline && stageId ? { type, pipelineId: chosenPipeline, stageId } : null;
      case 'addToPipeline':
        return chosenPipeline ? { type, pipelineId: chosenPipeline, ...(stageId ? { stageId } : {}) } : null;
      case 'createTask':
        return templateId ? { type, templateId } : null;
      case 'setStatusLabel':
        return labelChoice ? { type, labelId: labelChoice === NO_LABEL ? null : labelChoice } : null;
      case 'queueMessage':
        return toQueueMessageAction(queueDraft, subscription);
      case 'delete':
      case 'export':
        return { type };
    }
  }

  async function run(type: ActionType) {
    const action = buildAction(type);
    if (!action || !target) return;
    setIsStarting(true);
    setStartError(null);
    try {
      const started = await startBulkAction(teamUID, action, target);
      setJob({ jobId: started.jobId, type, matched: started.matched });
      setOpen(null);
    } catch (error) {
      setStartError(formatErrorMessage(error));
    } finally {
      setIsStarting(false);
    }
  }

  const current = open ? buildAction(open) : null;
  const actions: ActionType[] = [
    'addTags',
    'removeTags',
    'moveStage',
    'addToPipeline',
    'createTask',
    'setStatusLabel',
    'queueMessage',
    'export',
  ];
  if (canDelete) actions.push('delete');

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap" mih={30}>
        <Text size="sm" fw={500} aria-live="polite">
          {selectedCount === 0
            ? 'Tick contacts to tag, move, give tasks to, export or delete them together.'
            : `${selectedCount.toLocaleString()} selected`}
        </Text>
        {selectedCount > 0 &&
          actions.map((type) => (
            <Button
              key={type}
              size="xs"
              variant={type === 'delete' ? 'light' : 'default'}
              color={type === 'delete' ? 'red' : undefined}
              disabled={
                target === null ||
                ((type === 'moveStage' || type === 'addToPipeline') && details.pipelines.length === 0)
              }
              onClick={() => openAction(type)}
            >
              {ACTION_LABELS[type]}
            </Button>
          ))}
      </Group>

      {job && (
        <Paper withBorder p="sm" radius="md" role="status" aria-label="Bulk action progress">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm">
                {progress?.error
                  ? `${ACTION_LABELS[job.type]} stopped: ${progress.error}`
                  : finished
                    ? `${job.isUndo ? 'Undone' : ACTION_LABELS[job.type]}: done, ${progress.processed} of ${progress.total} contacts.`
                    : `${job.isUndo ? 'Undoing' : PROGRESS_VERBS[job.type]} ${progress?.processed ?? 0} of ${progress?.total ?? job.matched} contacts…`}
              </Text>
              {finished && (
                <Group gap="xs">
                  {job.type === 'queueMessage' && !progress.error && (
                    <Button component={Link} size="xs" variant="default" to="/messages/scheduled">
                      Open Conversations
                    </Button>
                  )}
                  {job.type === 'export' && !progress.error && (
                    <Button component="a" size="xs" href={formatExportUrl(teamUID, job.jobId)} download>
                      Download CSV
                    </Button>
                  )}
                  <Button size="xs" variant="subtle" onClick={() => setJob(null)}>
                    Close
                  </Button>
                </Group>
              )}
            </Group>
            <Progress
              aria-label="Bulk action progress"
              value={
                progress && progress.total > 0
                  ? (progress.processed / progress.total) * 100
                  : finished
                    ? 100
                    : 0
              }
              color={progress?.error ? 'red' : finished ? 'teal' : 'blue'}
              animated={!finished}
            />
            {pollError !== null && !finished && (
              <Text size="xs" c="red">
                Progress is not updating: {formatErrorMessage(pollError)} We keep trying.
              </Text>
            )}
          </Stack>
        </Paper>
      )}

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? ACTION_LABELS[open] : ''}
      >
        {open && (
          <Stack>
            <Text size="sm">
              {open === 'delete'
                ? `Delete ${formatCount(selectedCount, 'contact')} with their notes, deals and history? You can restore them from Recently deleted for 30 days.`
                : `This applies to ${formatCount(selectedCount, 'contact')}.`}
            </Text>
            {(open === 'addTags' || open === 'removeTags') &&
              (tagOptions.length === 0 ? (
                <Text size="sm" c="dimmed">
                  There are no tags yet. Create tags in Setup, then come back.
                </Text>
              ) : (
                <MultiSelect
                  label="Tags"
                  data={tagOptions}
                  value={tagIds}
                  onChange={setTagIds}
                  searchable
                  comboboxProps={{ withinPortal: true }}
                />
              ))}
            {(open === 'moveStage' || open === 'addToPipeline') && (
              <>
                <Select
                  label="Pipeline"
                  data={pipelineOptions}
                  value={chosenPipeline}
                  onChange={(value) => {
                    setChosenPipeline(value);
                    setStageId(null);
                  }}
                  allowDeselect={false}
                />
                <Select
                  label={open === 'moveStage' ? 'Stage' : 'Stage (first stage if none)'}
                  data={stageOptions}
                  value={stageId}
                  onChange={setStageId}
                  clearable={open === 'addToPipeline'}
                />
              </>
            )}
            {open === 'createTask' &&
              (taskTemplates.data?.length === 0 ? (
                <Text size="sm" c="dimmed">
                  There are no task templates yet. Create one in Setup, Task templates, then come back.
                </Text>
              ) : (
                <Select
                  label="Task template"
                  description="Each contact gets a task made from this template."
                  data={(taskTemplates.data ?? []).map((template) => ({
                    value: template.templateUID,
                    label: template.name,
                  }))}
                  value={templateId}
                  onChange={setTemplateId}
                  searchable
                  error={taskTemplates.isError ? formatErrorMessage(taskTemplates.error) : undefined}
                />
              ))}
            {open === 'setStatusLabel' && (
              <Select
                label="Status label"
                description="Each contact gets this label, in place of the one they had."
                data={[
                  ...(statusLabels.data ?? []).map((label) => ({
                    value: label.labelUID,
                    label: label.display,
                  })),
                  { value: NO_LABEL, label: 'No label (clear it)' },
                ]}
                value={labelChoice}
                onChange={setLabelChoice}
                error={statusLabels.isError ? formatErrorMessage(statusLabels.error) : undefined}
              />
            )}
            {open === 'queueMessage' && (
              <BulkQueueFields teamUID={teamUID} value={queueDraft} onChange={setQueueDraft} />
            )}
            {startError && (
              <Alert color="red" role="alert">
                {startError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(null)}>
                Cancel
              </Button>
              <Button
                color={open === 'delete' ? 'red' : undefined}
                disabled={current === null}
                loading={isStarting}
                onClick={() => void run(open)}
              >
                {open === 'delete' ? `Delete ${formatCount(selectedCount, 'contact')}` : ACTION_LABELS[open]}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
