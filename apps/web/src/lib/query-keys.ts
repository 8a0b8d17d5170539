/** The change entities whose events carry a job's progress. */
export type JobEntity = 'bulk_job' | 'import';

/**
 * The query keys of a team's data, all rooted at `['teams', teamUID]`: the resync reloads a team by
 * that root, and the change-event map (`change-events.ts`) finds each list by its key here.
 */
export const teamKeys = {
  /** Every query of the team. */
  all: (teamUID: string) => ['teams', teamUID] as const,
  members: (teamUID: string) => [...teamKeys.all(teamUID), 'members'] as const,
  invitations: (teamUID: string) => [...teamKeys.all(teamUID), 'invitations'] as const,
  /** The pipelines the member sees, with stages and tag sets, and the global tag sets. */
  pipelines: (teamUID: string) => [...teamKeys.all(teamUID), 'pipelines'] as const,
  /** One pipeline's member-request rules and pace: under the pipelines, so a change to the pipeline refreshes them. */
  memberRequestRules: (teamUID: string, pipelineID: string) =>
    [...teamKeys.pipelines(teamUID), pipelineID, 'member-request-rules'] as const,
  phases: (teamUID: string) => [...teamKeys.all(teamUID), 'phases'] as const,
  statusLabels: (teamUID: string) => [...teamKeys.all(teamUID), 'status-labels'] as const,
  filterSets: (teamUID: string) => [...teamKeys.all(teamUID), 'filter-sets'] as const,
  taskTemplates: (teamUID: string) => [...teamKeys.all(teamUID), 'task-templates'] as const,
  messageTemplates: (teamUID: string) => [...teamKeys.all(teamUID), 'message-templates'] as const,
  tagReconciliation: (teamUID: string) => [...teamKeys.all(teamUID), 'tag-reconciliation'] as const,
  reminders: (teamUID: string) => [...teamKeys.all(teamUID), 'reminders'] as const,
  /** The progress of one bulk action, tag merge (`bulk_job`) or import, as its screen follows it. */
  jobProgress: (teamUID: string, entity: JobEntity, jobId: string) =>
    [...teamKeys.all(teamUID), 'job-progress', entity, jobId] as const,
  /** My finished imports (the bell's import notices) and each one's warnings. */
  finishedImports: (teamUID: string) => [...teamKeys.all(teamUID), 'finished-imports'] as const,
  /** Every task list of the team. */
  tasks: (teamUID: string) => [...teamKeys.all(teamUID), 'tasks'] as const,
  /** One task list; the query object sits at index 4, where the optimistic updates read it. */
  taskList: (teamUID: string, query: object) => [...teamKeys.tasks(teamUID), 'list', query] as const,
  /** Every query of every contact; the GTID sits at index 3. */
  contacts: (teamUID: string) => [...teamKeys.all(teamUID), 'contacts'] as const,
  /** Every query of one contact (details, notes, deals, activity), so one invalidation refreshes them all. */
  contact: (teamUID: string, GTID: string) => [...teamKeys.contacts(teamUID), GTID] as const,
  contactDetails: (teamUID: string, GTID: string) => [...teamKeys.contact(teamUID, GTID), 'details'] as const,
  contactNotes: (teamUID: string, GTID: string) => [...teamKeys.contact(teamUID, GTID), 'notes'] as const,
  contactDeals: (teamUID: string, GTID: string) => [...teamKeys.contact(teamUID, GTID), 'deals'] as const,
  contactActivities: (teamUID: string, GTID: string) =>
    [...teamKeys.contact(teamUID, GTID), 'activities'] as const,
  /** Every page set of the contact table. */
  contactTable: (teamUID: string) => [...teamKeys.all(teamUID), 'contact-table'] as const,
  contactTablePages: (teamUID: string, query: object) => [...teamKeys.contactTable(teamUID), query] as const,
  /** Every board of the team, one per pipeline, filter and text. */
  boards: (teamUID: string) => [...teamKeys.all(teamUID), 'board'] as const,
  board: (teamUID: string, pipelineId: string) => [...teamKeys.boards(teamUID), pipelineId] as const,
  boardFirstPages: (teamUID: string, pipelineId: string, filter: object, text: string) =>
    [...teamKeys.board(teamUID, pipelineId), filter, text] as const,
  /** The mutation key of a card's move on a board, which a board refresh waits for. */
  boardMoves: (teamUID: string) => [...teamKeys.boards(teamUID), 'moves'] as const,
  globalSearch: (teamUID: string, text: string) => [...teamKeys.all(teamUID), 'global-search', text] as const,
  /** The member's message queues: their items, standing and settings. */
  messageQueue: (teamUID: string) => [...teamKeys.all(teamUID), 'message-queue'] as const,
  /** The team's workflows and each one's runs. */
  workflows: (teamUID: string) => [...teamKeys.all(teamUID), 'workflows'] as const,
  workflowRuns: (teamUID: string, workflowId: string, status: string | null) =>
    [...teamKeys.workflows(teamUID), workflowId, 'runs', status] as const,
  /** The Auto Responder (/tools/postTracker): its job groups and its jobs with their counts. */
  autoResponder: (teamUID: string) => [...teamKeys.all(teamUID), 'auto-responder'] as const,
  autoResponderGroups: (teamUID: string) => [...teamKeys.autoResponder(teamUID), 'groups'] as const,
  autoResponderJobs: (teamUID: string) => [...teamKeys.autoResponder(teamUID), 'jobs'] as const,
  /** A contact's workflow runs: under the contact, so a change to the contact refreshes them. */
  contactWorkflowRuns: (teamUID: string, GTID: string) =>
    [...teamKeys.contact(teamUID, GTID), 'workflow-runs'] as const,
  /** Who already looks like a person being added by hand, for the contact form. */
  contactMatches: (teamUID: string, query: object) =>
    [...teamKeys.all(teamUID), 'contact-matches', query] as const,
  templatePreviewContacts: (teamUID: string, text: string) =>
    [...teamKeys.all(teamUID), 'template-preview-contacts', text] as const,
};

/** The user's own figures, over all their teams: not under one team's keys. */
export const meKeys = {
  /** Today's messages against the Daily Goal, per time zone. */
  dailyGoal: ['me', 'daily-goal'] as const,
};
