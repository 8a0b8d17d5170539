import type { IntegrationType, SyncAction, SyncKind } from '@grouptrack/domain';
import type { HttpClient } from './http-client';

/**
 * What the sync worker asks of an outside system (a CRM, a mailing tool, a sheet, a webhook
 * receiver). Each system lives in `integrations/<system>/` and offers this shape, throwing
 * AdapterError (adapter-error.ts) so the worker can tell a retry from a final failure. Message
 * delivery (mail, SMS) has its own narrower shape, MessageChannel, since it keeps no people.
 */
export interface SyncAdapter {
  /** Calls the system with the credentials; answers in plain words what it said ("Connected to …"). */
  test(): Promise<string>;
  /**
   * Sends one delivery: the person as they were when it was first tried, and the changes it carries.
   * Answers the ids the system holds them by, which the next delivery brings back in `lead`.
   */
  deliver(delivery: SyncDelivery): Promise<RemoteIds>;
  /** The system's pipelines and their stages, for mapping ours (stage-mapped systems only). */
  listPipelines?(): Promise<RemotePipeline[]>;
  /** The system's tags, for mapping ours (tag-mapped systems only). */
  listTags?(): Promise<RemoteTag[]>;
}

/** Builds a system's adapter from a connection's settings and decrypted secrets. */
export type SyncAdapterFactory = (connection: AdapterConnection, http: HttpClient) => SyncAdapter;

/** A connection as an adapter sees it. */
export interface AdapterConnection {
  id: string;
  type: IntegrationType;
  /** What CONNECTION_FIELDS names as not secret (a URL, an account id). */
  settings: Record<string, string>;
  /** What CONNECTION_FIELDS names as secret, decrypted (and, for webhooks, the signing secret). */
  secrets: Record<string, string>;
  /**
   * An origin (http://127.0.0.1:4321) that takes the place of the system's own host: the tests'
   * fake servers. Unset in use, where each adapter calls the host its system documents.
   */
  endpoint?: string | undefined;
}

export interface RemoteIds {
  /** The system's id for the person. */
  contactID?: string | null | undefined;
  /** The system's id for the person's deal or opportunity, where stages live on one. */
  pipelineItemID?: string | null | undefined;
  /** The HTTP status of the system's answer, for the delivery log (a webhook receiver's, say). */
  status?: number | undefined;
}

export interface RemotePipeline {
  id: string;
  name: string;
  stages: { id: string; name: string }[];
}

export interface RemoteTag {
  id: string;
  name: string;
}

/** One call's worth: SPEC §3's sync queue entry, frozen at the first try. */
export interface SyncDelivery {
  /** Stable over every try of this delivery (the webhook-id); receivers may de-duplicate on it. */
  id: string;
  /** 1 for the first try. */
  attempt: number;
  lead: LeadData;
  /** The pipeline the changes happened in (or the first synced pipeline the person is in). */
  pipeline: PipelineData | null;
  /** Oldest first. */
  changes: SyncChange[];
}

/** SPEC §3's leadData: the person as GroupTrack holds them. */
export interface LeadData {
  GTID: string;
  /** The system's id from an earlier delivery to this connection, if any. */
  remoteContactID: string | null;
  remoteContactPipelineID: string | null;
  fullName: string;
  firstName: string;
  lastName: string;
  emailAddress: string | null;
  /** The email address before a change of it carried in this delivery. */
  oldEmailAddress: string | null;
  phoneNumber: string | null;
  /** Platform → username or profile address, for each platform the person was found on. */
  usernames: Record<string, string>;
  profileID: string | null;
  globalTags: string[];
  /** Tags of the pipeline's and the global tag sets. remoteID is the system's id where mapped. */
  tags: { tagSetName: string; tag: string; remoteID: string | null }[];
  tasks: LeadTask[];
  notes: { text: string; createdAt: string }[];
  /** The group's questions and the person's answers in this pipeline. */
  questions: { question: string; answer: string }[];
  /** Whether the person was deleted in GroupTrack. */
  deleted: boolean;
}

export interface LeadTask {
  taskName: string;
  assignedTo: string;
  assignedToUID: string;
  createdBy: string;
  isComplete: boolean;
  notificationDate: string;
  notificationType: string;
  setTime: string;
}

export interface PipelineData {
  id: string;
  name: string;
  /** The system's pipeline id, for systems whose stages belong to a remote pipeline. */
  remotePipelineID: string | null;
  /** The person's stage now (null when they left the pipeline). */
  stage: { id: string; name: string; remoteID: string | null } | null;
}

/** One change a delivery carries. */
export interface SyncChange {
  kind: SyncKind;
  action: SyncAction;
  /** When it happened (ISO). */
  at: string;
  /** The tag added or removed, for a tag change. */
  tag?: { name: string; tagSetName: string; remoteID: string | null };
  /** The note's text (before deletion, for a delete), for a note change. */
  note?: { text: string };
  /** The task's name and due time, for a task change. */
  task?: { taskName: string; dueAt: string | null; action: string };
  /** The stages left and entered, for a stage change. */
  stage?: { from: string | null; to: string | null };
  /** The address an info change replaced, when it changed the email address. */
  oldEmailAddress?: string;
}
