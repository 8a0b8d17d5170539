import type { SyncAdapterFactory } from '../adapter';
import { createGoHighLevelAdapter } from '../gohighlevel/gohighlevel-adapter';

/**
 * Syncs people to a LeadConnector location: HighLevel's white-label brand, served by the same API v2
 * host with the same tokens, so the GoHighLevel adapter speaks for it under its own name.
 */
export const createLeadConnectorAdapter: SyncAdapterFactory = (connection, http) =>
  createGoHighLevelAdapter(connection, http);
