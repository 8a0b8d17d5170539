import type { ChangeEntity, ChangeEvent } from '@grouptrack/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { meKeys, teamKeys } from './query-keys';

/** What a handler of one change event works with: the cache and the team whose stream sent it. */
interface ChangeContext {
  queryClient: QueryClient;
  teamUID: string;
  event: ChangeEvent;
}

type ChangeHandler = (context: ChangeContext) => void;

const BOARD_REFRESH_DEBOUNCE_MS = 400;

function refresh(keyOf: (teamUID: string) => QueryKey): ChangeHandler {
  return ({ queryClient, teamUID }) => void queryClient.invalidateQueries({ queryKey: keyOf(teamUID) });
}

const refreshPipelines = refresh(teamKeys.pipelines);
const refreshDailyGoal: ChangeHandler = ({ queryClient }) =>
  void queryClient.invalidateQueries({ queryKey: meKeys.dailyGoal });
const refreshTagReconciliation = refresh(teamKeys.tagReconciliation);

// A contact event reaches the board of its pipeline; one of no pipeline may concern any board.
const refreshBoardOfContact: ChangeHandler = ({ queryClient, teamUID, event }) =>
  scheduleBoardRefresh(queryClient, teamUID, event.pipelineId);

// A card's open-task marker and a finished bulk job's changes come with the boards' search hits.
const refreshAllBoards: ChangeHandler = ({ queryClient, teamUID }) =>
  scheduleBoardRefresh(queryClient, teamUID, null);

/** What the cache keeps of a job's progress: its latest value, and when an event last brought one. */
export interface JobProgressEntry<T> {
  value: T;
  /** Date.now() of the latest progress event; null while only polls have told. */
  eventAt: number | null;
}

/**
 * A job's progress event becomes the progress its screen reads (`useJobProgress`), unless that screen
 * has already seen the job finish (a late event must not bring a finished job back).
 */
const storeJobProgress: ChangeHandler = ({ queryClient, teamUID, event }) => {
  const { entity, data } = event;
  if (!data || (entity !== 'bulk_job' && entity !== 'import')) return;
  for (const jobId of event.ids) {
    const queryKey = teamKeys.jobProgress(teamUID, entity, jobId);
    const isFinished = finishTestOf(queryClient, queryKey);
    queryClient.setQueryData<JobProgressEntry<unknown>>(queryKey, (current) =>
      current && isFinished?.(current.value) ? current : { value: data, eventAt: Date.now() },
    );
  }
};

/** The finish test the screen following a job gave its query (`useJobProgress`), if one follows it. */
function finishTestOf(queryClient: QueryClient, queryKey: QueryKey): ((progress: unknown) => boolean) | null {
  const test = queryClient.getQueryCache().find({ queryKey, exact: true })?.meta?.isFinished;
  return typeof test === 'function' ? (test as (progress: unknown) => boolean) : null;
}

function whenBulkJobCompleted(...handlers: ChangeHandler[]): ChangeHandler {
  return (context) => {
    if (context.event.data?.status !== 'completed') return;
    for (const handler of handlers) handler(context);
  };
}

/**
 * What each kind of change does to the cache. An entity with no handler shows nowhere live yet. Job
 * progress (`bulk_job`, `import`) is stored for the screen following the job (`useJobProgress`).
 */
const CHANGE_HANDLERS: Record<ChangeEntity, readonly ChangeHandler[]> = {
  pipeline: [refreshPipelines],
  stage: [refreshPipelines],
  tag_set: [refreshPipelines, refreshTagReconciliation],
  tag: [refreshPipelines, refreshTagReconciliation],
  orphaned_tag: [refreshTagReconciliation],
  contact: [refreshTagReconciliation, refreshBoardOfContact],
  bulk_job: [storeJobProgress, whenBulkJobCompleted(refreshTagReconciliation, refreshAllBoards)],
  task: [refresh(teamKeys.tasks), refreshAllBoards],
  task_template: [refresh(teamKeys.taskTemplates)],
  message_template: [refresh(teamKeys.messageTemplates)],
  ai_context: [refresh((teamUID) => [...teamKeys.all(teamUID), 'ai'])],
  status_label: [refresh(teamKeys.statusLabels)],
  filter_set: [],
  import: [storeJobProgress],
  // A teammate who joins, leaves or changes role shows on the team page at once, and an invitation used.
  invitation: [refresh(teamKeys.invitations)],
  // The team's chosen KPIs, which the KPI page keeps under its dashboards key.
  kpi: [refresh((teamUID) => [...teamKeys.all(teamUID), 'dashboards', 'team-kpis'])],
  phase: [],
  question: [],
  // The member's own queue: Conversations' lists and counts, the queue's standing, today's Daily Goal.
  queue_item: [refresh(teamKeys.messageQueue), refreshDailyGoal],
  saved_tag_post: [],
  subscription: [],
  team: [],
  team_member: [refresh(teamKeys.members), refresh(teamKeys.invitations)],
  test_question: [],
};

/** Applies one change of the team to the cached queries it concerns. */
export function applyChangeEvent(queryClient: QueryClient, teamUID: string, event: ChangeEvent): void {
  const context = { queryClient, teamUID, event };
  refreshNamedContacts(context);
  // A newer server may send an entity this build does not know yet.
  for (const handler of CHANGE_HANDLERS[event.entity] ?? []) handler(context);
}

// Whatever the entity, a change naming a contact refreshes everything shown about that contact.
function refreshNamedContacts({ queryClient, teamUID, event }: ChangeContext): void {
  if (event.ids.length === 0) return;
  const ids = new Set<unknown>(event.ids);
  void queryClient.invalidateQueries({
    queryKey: teamKeys.contacts(teamUID),
    predicate: ({ queryKey }) => ids.has(queryKey[3]),
  });
}

// Per team: the boards waiting to be re-read (null: all of them) and the timer that will do it.
const boardRefreshes = new Map<
  string,
  { pipelineIds: Set<string> | null; timer: ReturnType<typeof setTimeout> }
>();

/**
 * Re-reads the board of a pipeline (null: every board) once changes settle, never while a move of a
 * card is still being saved, which would show the card back in its old stage. Changes arriving within
 * 400 ms of each other make one refresh.
 */
export function scheduleBoardRefresh(
  queryClient: QueryClient,
  teamUID: string,
  pipelineId: string | null,
): void {
  const pending = boardRefreshes.get(teamUID);
  clearTimeout(pending?.timer);
  let pipelineIds: Set<string> | null = null;
  if (pipelineId !== null && (!pending || pending.pipelineIds)) {
    pipelineIds = new Set(pending?.pipelineIds).add(pipelineId);
  }
  const run = () => {
    if (queryClient.isMutating({ mutationKey: teamKeys.boardMoves(teamUID) }) > 0) {
      boardRefreshes.set(teamUID, { pipelineIds, timer: setTimeout(run, BOARD_REFRESH_DEBOUNCE_MS) });
      return;
    }
    boardRefreshes.delete(teamUID);
    const keys = pipelineIds
      ? [...pipelineIds].map((id) => teamKeys.board(teamUID, id))
      : [teamKeys.boards(teamUID)];
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  boardRefreshes.set(teamUID, { pipelineIds, timer: setTimeout(run, BOARD_REFRESH_DEBOUNCE_MS) });
}
