/**
 * What a team's change log records: every kind of record whose changes reach the team's clients
 * (SSE `GET /api/v1/teams/:teamUID/events`). The server writes nothing else, and the web app's map
 * from events to its cache handles these names.
 */
export const CHANGE_ENTITIES = [
  'ai_context',
  'bulk_job',
  'contact',
  'filter_set',
  'import',
  'invitation',
  'kpi',
  'message_template',
  'orphaned_tag',
  'phase',
  'pipeline',
  'question',
  // Reaches only the members whose queues the items are in (data.queuedTo).
  'queue_item',
  'saved_tag_post',
  'stage',
  'status_label',
  'subscription',
  'tag',
  'tag_set',
  'task',
  'task_template',
  'team',
  'team_member',
  'test_question',
] as const;

export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

/** One committed change of a team, as the server logs it and its clients receive it. */
export interface ChangeEvent {
  id: number;
  teamUID: string;
  entity: ChangeEntity;
  op: 'create' | 'update' | 'delete';
  ids: string[];
  data: Record<string, unknown> | null;
  /** The pipeline the change belongs to, when it belongs to one: members see only theirs. */
  pipelineId: string | null;
  createdAt: string;
}
