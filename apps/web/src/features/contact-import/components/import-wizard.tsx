import { DATE_ORDERS, type CsvField, type DateOrder } from '@grouptrack/domain';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  Progress,
  Select,
  Stack,
  Stepper,
  Text,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { useJobProgress } from '../../../lib/use-job-progress';
import { listTagOptions } from '../../contact-filters';
import type { PipelineList } from '../../../lib/pipelines';
import {
  fetchImport,
  isImportFinished,
  startImport,
  uploadImportFile,
  type ImportProgress,
  type ImportState,
} from '../api/imports';
import { followImportOnScreen } from '../lib/imports-on-screen';
import { ImportReport } from './import-report';
import { MappingTable, QuestionPairs } from './mapping-table';

const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  'day-first': 'Day first (31/12/2024)',
  'month-first': 'Month first (12/31/2024)',
};

const isImportDone = (progress: ImportProgress) => isImportFinished(progress);

export interface ImportWizardProps {
  teamUID: string;
  /** The pipeline in view: imported people go there unless the user chooses another. */
  pipelineId: string | null;
  details: PipelineList;
  /** Members must place imported contacts in a pipeline they work in. */
  requiresPipeline: boolean;
  /** Called when an import has finished, to reload the table. */
  onFinished: () => void;
}

/** "Import CSV": upload, map the columns with a preview, choose where contacts go, follow progress. */
export function ImportWizard(props: ImportWizardProps) {
  const [opened, setOpened] = useState(false);
  // The table may have changed while the wizard was open, even if it closed before the import ended.
  const close = () => {
    setOpened(false);
    props.onFinished();
  };
  const [session, setSession] = useState(0);
  return (
    <>
      <Button
        onClick={() => {
          setSession((value) => value + 1);
          setOpened(true);
        }}
      >
        Import CSV
      </Button>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={opened}
        onClose={close}
        title="Import contacts from a CSV file"
        size="xl"
      >
        <ImportSteps key={session} {...props} onClose={close} />
      </Modal>
    </>
  );
}

function ImportSteps({
  teamUID,
  pipelineId,
  details,
  requiresPipeline,
  onFinished,
  onClose,
}: ImportWizardProps & { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<ImportState | null>(null);
  const [mapping, setMapping] = useState<CsvField[]>([]);
  // The pipeline in view, or the team's only one: imported people should show on a board.
  const [chosenPipeline, setChosenPipeline] = useState<string | null>(
    pipelineId ?? (details.pipelines.length === 1 ? details.pipelines[0]!.groupUID : null),
  );
  const [dateOrder, setDateOrder] = useState<DateOrder | null>(null);
  const [stageId, setStageId] = useState<string | null>(null);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [started, setStarted] = useState<ImportState | null>(null);
  const reported = useRef(false);
  const onFinishedRef = useRef(onFinished);

  const { progress, error: pollError } = useJobProgress<ImportProgress>({
    teamUID,
    entity: 'import',
    jobId: started?.importId ?? null,
    poll: (importId, signal) => fetchImport(teamUID, importId, signal),
    isFinished: isImportDone,
  });
  const finished = progress !== null && isImportFinished(progress);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  });
  useEffect(() => {
    if (!finished || reported.current) return;
    reported.current = true;
    onFinishedRef.current();
  }, [finished]);
  const step = started ? (finished ? 3 : 2) : upload ? 1 : 0;
  // While this window shows the import, its end needs no toast from the bell.
  const followedId = started?.importId ?? null;
  useEffect(() => (followedId ? followImportOnScreen(followedId) : undefined), [followedId]);

  const dateColumn = mapping.indexOf('createdAt');
  const dateHint = dateColumn >= 0 ? (upload?.dateOrders?.[dateColumn] ?? null) : null;
  // The order the file shows is taken unless the user changes it; an ambiguous file waits for a choice.
  const chosenDateOrder =
    dateOrder ?? (dateHint === 'day-first' || dateHint === 'month-first' ? dateHint : null);
  const needsDateOrder = dateHint === 'ambiguous' && chosenDateOrder === null;

  async function sendFile() {
    if (!file) return;
    setIsBusy(true);
    setError(null);
    try {
      const answer = await uploadImportFile(teamUID, file);
      setUpload(answer);
      setMapping(answer.suggestedMapping);
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : formatErrorMessage(reason));
    } finally {
      setIsBusy(false);
    }
  }

  async function start() {
    if (!upload) return;
    setIsBusy(true);
    setError(null);
    try {
      setStarted(
        await startImport(teamUID, upload.importId, {
          mapping,
          ...(chosenPipeline ? { pipelineId: chosenPipeline } : {}),
          ...(chosenPipeline && stageId ? { stageId } : {}),
          ...(tagIds.length > 0 ? { tagIds } : {}),
          ...(dateHint && chosenDateOrder ? { dateOrder: chosenDateOrder } : {}),
        }),
      );
    } catch (reason) {
      setError(formatErrorMessage(reason));
    } finally {
      setIsBusy(false);
    }
  }

  const pipelineOptions = details.pipelines.map((pipeline) => ({
    value: pipeline.groupUID,
    label: pipeline.nickName,
  }));
  const stageOptions = (
    details.pipelines.find((pipeline) => pipeline.groupUID === chosenPipeline)?.stages ?? []
  ).map((stage) => ({ value: stage.stageUID, label: stage.name }));
  const tagOptions = listTagOptions(details, chosenPipeline).map((tag) => ({
    value: tag.tagUID,
    label: `${tag.setName}: ${tag.name}`,
  }));
  const mapsAnything = mapping.some((field) => field !== 'ignore');

  return (
    <Stack>
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Upload" description="Choose a file">
          <Stack mt="md">
            <FileInput
              label="CSV file"
              description="The first row must name the columns. Exports from GroupTrack, Facebook group tools, Google Contacts and HubSpot are recognised."
              placeholder="Choose a .csv file"
              accept=".csv,text/csv"
              value={file}
              onChange={setFile}
              clearable
            />
            {error && (
              <Alert color="red" role="alert" title="The file could not be read">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button disabled={!file} loading={isBusy} onClick={() => void sendFile()}>
                Upload
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Map columns" description="Check the preview">
          {upload && (
            <Stack mt="md">
              <Text size="sm">
                {upload.fileName}: {upload.totalRows.toLocaleString()} rows. Choose what each column holds;
                the first rows are shown as a preview.
              </Text>
              {upload.notices.map((notice) => (
                <Alert key={notice} color="yellow" title="How the file was read">
                  {notice}
                </Alert>
              ))}
              <MappingTable upload={upload} mapping={mapping} onChange={setMapping} />
              <QuestionPairs upload={upload} mapping={mapping} />
              {dateHint && (
                <Select
                  label="Date order"
                  description={
                    dateHint === 'ambiguous'
                      ? `The dates in "${upload.headers[dateColumn] || `Column ${dateColumn + 1}`}" read both ways, like 03/04/2024: which comes first?`
                      : 'As the file shows; change it if the dates read wrong'
                  }
                  data={DATE_ORDERS.map((order) => ({ value: order, label: DATE_ORDER_LABELS[order] }))}
                  value={chosenDateOrder}
                  onChange={(value) => setDateOrder(value)}
                  placeholder="Choose the date order"
                  required={dateHint === 'ambiguous'}
                  allowDeselect={false}
                  w={320}
                />
              )}
              <Group grow align="flex-start">
                <Select
                  label="Pipeline"
                  description={requiresPipeline ? 'Required' : 'Optional: where rows without a pipeline go'}
                  data={pipelineOptions}
                  value={chosenPipeline}
                  onChange={(value) => {
                    setChosenPipeline(value);
                    setStageId(null);
                    setTagIds([]);
                  }}
                  clearable={!requiresPipeline}
                  placeholder="No pipeline"
                />
                <Select
                  label="Stage"
                  description="First stage if none"
                  data={stageOptions}
                  value={stageId}
                  onChange={setStageId}
                  disabled={!chosenPipeline}
                  clearable
                />
                <MultiSelect
                  label="Tags"
                  description="Every imported contact gets these"
                  data={tagOptions}
                  value={tagIds}
                  onChange={setTagIds}
                  searchable
                />
              </Group>
              {!mapsAnything && (
                <Text size="sm" c="red">
                  Map at least one column to a field.
                </Text>
              )}
              {error && (
                <Alert color="red" role="alert" title="The import could not start">
                  {error}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button
                  loading={isBusy}
                  disabled={!mapsAnything || (requiresPipeline && !chosenPipeline) || needsDateOrder}
                  onClick={() => void start()}
                >
                  Start import
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Step>
        <Stepper.Step label="Import" description="Progress">
          <Stack mt="md" role="status" aria-label="Import progress">
            <Text size="sm">
              Imported {progress?.processed ?? 0} of {started?.totalRows ?? 0} rows… You can close this
              window; the import goes on.
            </Text>
            <Progress
              aria-label="Import progress"
              value={
                started && started.totalRows > 0 ? ((progress?.processed ?? 0) / started.totalRows) * 100 : 0
              }
              animated
            />
            {pollError !== null && (
              <Text size="xs" c="red">
                Progress is not updating: {formatErrorMessage(pollError)} We keep trying.
              </Text>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          {progress && started && (
            <Stack>
              <ImportReport teamUID={teamUID} importId={started.importId} progress={progress} />
              <Group justify="flex-end">
                <Button onClick={onClose}>Close</Button>
              </Group>
            </Stack>
          )}
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}
