import type { ConnectionRow } from './sync.repository';

/** How a pipeline uses a connection: an entry of its `integrations` list (SPEC §3, §9). */
export interface ConnectionLinkEntry {
  type: 'connection';
  connectionId: string;
  /** Minutes during which one person's changes go in one call. */
  syncPeriod: number;
  /** Minutes each change is held back. */
  delayBy: number;
  /** The system's pipeline our stages map into, where stages live in one (GoHighLevel). */
  remotePipelineId: string | null;
}

/** A pipeline's entry with the connection it names. */
export interface PipelineLink extends ConnectionLinkEntry {
  pipelineId: string;
  pipelineName: string;
  connection: ConnectionRow;
}

/** Whether an entry of a pipeline's integrations names a connection (others name a group). */
export function isConnectionLink(entry: unknown): entry is ConnectionLinkEntry {
  if (typeof entry !== 'object' || entry === null) return false;
  const { type, connectionId } = entry as Record<string, unknown>;
  return type === 'connection' && typeof connectionId === 'string';
}

/** Each pipeline's links to connections that exist, by pipeline id. */
export function readPipelineLinks(
  pipelineRows: { id: string; nick_name: string; integrations: Record<string, unknown>[] }[],
  connectionRows: ConnectionRow[],
): Map<string, PipelineLink[]> {
  const connectionOf = new Map(connectionRows.map((row) => [row.id, row]));
  const links = new Map<string, PipelineLink[]>();
  for (const pipeline of pipelineRows) {
    for (const entry of pipeline.integrations) {
      if (!isConnectionLink(entry)) continue;
      const connection = connectionOf.get(entry.connectionId);
      if (!connection) continue;
      const link: PipelineLink = {
        type: 'connection',
        connectionId: entry.connectionId,
        syncPeriod: Number(entry.syncPeriod) || 0,
        delayBy: Number(entry.delayBy) || 0,
        remotePipelineId: typeof entry.remotePipelineId === 'string' ? entry.remotePipelineId : null,
        pipelineId: pipeline.id,
        pipelineName: pipeline.nick_name,
        connection,
      };
      links.set(pipeline.id, [...(links.get(pipeline.id) ?? []), link]);
    }
  }
  return links;
}
