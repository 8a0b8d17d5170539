/**
 * What the sync worker knows of an outside system (a CRM, a mailing tool): each system lives in
 * `integrations/<system>/` and offers this shape, throwing AdapterError (see adapter-error.ts) so
 * the worker can tell a retry from a final failure. Message delivery (mail, SMS) has its own
 * narrower shape, MessageChannel, since it keeps no people.
 */
export interface IntegrationAdapter {
  /** The system's name as settings and logs show it ('hubspot', say). */
  readonly system: string;
  /** Resolves when the settings reach the system and its credentials are accepted. */
  testConnection(): Promise<void>;
  /** Creates the person, or updates the one the system already holds; answers the system's id for them. */
  upsertPerson(person: ExternalPerson): Promise<{ externalId: string }>;
  addTags(options: { externalId: string; tags: string[] }): Promise<void>;
  removeTags(options: { externalId: string; tags: string[] }): Promise<void>;
  /** Places the person in a stage of a pipeline, by the names the system knows them by. */
  setStage(options: { externalId: string; pipeline: string; stage: string }): Promise<void>;
  addNote(options: { externalId: string; text: string }): Promise<void>;
}

/** A contact as GroupTrack hands it to an outside system. */
export interface ExternalPerson {
  GTID: string;
  /** The system's id for the person, when an earlier upsert answered one; otherwise it matches by email or phone. */
  externalId?: string | undefined;
  name: string;
  emails: string[];
  phones: string[];
}
