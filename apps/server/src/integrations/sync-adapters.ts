import type { IntegrationType } from '@grouptrack/domain';
import { createActiveCampaignAdapter } from './activecampaign/activecampaign-adapter';
import type { SyncAdapterFactory } from './adapter';
import { createClickFunnelsAdapter } from './clickfunnels/clickfunnels-adapter';
import { createConvertKitAdapter } from './convertkit/convertkit-adapter';
import { createGoHighLevelAdapter } from './gohighlevel/gohighlevel-adapter';
import { createGoogleSheetsAdapter } from './gsheet/gsheet-adapter';
import { createKartraAdapter } from './kartra/kartra-adapter';
import { createLeadConnectorAdapter } from './leadconnector/leadconnector-adapter';
import { createOntraportAdapter } from './ontraport/ontraport-adapter';
import { createWebhooksAdapter } from './webhooks/webhooks-adapter';

/** The adapter of each kind of connection: the sync worker knows only this table and the interface. */
export const SYNC_ADAPTERS: Record<IntegrationType, SyncAdapterFactory> = {
  webhooks: createWebhooksAdapter,
  gsheet: createGoogleSheetsAdapter,
  activecampaign: createActiveCampaignAdapter,
  clickfunnels: createClickFunnelsAdapter,
  convertkit: createConvertKitAdapter,
  kartra: createKartraAdapter,
  ontraport: createOntraportAdapter,
  gohighlevel: createGoHighLevelAdapter,
  leadconnector: createLeadConnectorAdapter,
};
