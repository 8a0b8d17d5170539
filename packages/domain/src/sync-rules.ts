/** Outside systems a pipeline or tag set can sync to (SPEC §5). */
export const INTEGRATION_TYPES = [
  'gsheet',
  'webhooks',
  'activecampaign',
  'clickfunnels',
  'convertkit',
  'kartra',
  'ontraport',
  'gohighlevel',
  'leadconnector',
] as const;

/** One of the integration types. */
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** Kinds of change that can be synced. */
export const SYNC_KINDS = ['info', 'stage', 'tag', 'note', 'task'] as const;

/** One of the kinds of change that can be synced. */
export type SyncKind = (typeof SYNC_KINDS)[number];

/** What happened to the thing a change is about. */
export const SYNC_ACTIONS = ['add', 'update', 'delete'] as const;

/** One of the sync actions. */
export type SyncAction = (typeof SYNC_ACTIONS)[number];

/** Which actions of each kind of change an integration receives; a kind left out receives none. */
export type SyncOptions = Partial<Record<SyncKind, readonly SyncAction[]>>;

/** What the sync rules need to know about an integration. */
export interface SyncIntegration {
  type: IntegrationType;
  isActive: boolean;
  isPaused: boolean;
  emailOnly: boolean;
  options: SyncOptions;
}

/** Why a sync was skipped. */
export type SyncSkipReason =
  | 'inactive'
  | 'paused'
  | 'option-disabled'
  | 'no-email-or-phone'
  | 'unsupported-stage-sync'
  | 'unsupported-tag-sync';

/** Whether to sync, and if not, why. */
export type SyncDecision = { sync: true } | { sync: false; reason: SyncSkipReason };

/** Input of decideSync. */
export interface DecideSyncInput {
  integration: SyncIntegration;
  kind: SyncKind;
  action: SyncAction;
  contact: { emailAddress?: string | null; phoneNumber?: string | null };
  stageRemoteID?: string | null;
  tagRemoteID?: string | null;
}

/** Checks that a value is one of the integration types. */
export function isIntegrationType(value: unknown): value is IntegrationType {
  return typeof value === 'string' && (INTEGRATION_TYPES as readonly string[]).includes(value);
}

/** Decides whether one change of a contact is synced to one integration (SPEC §5). */
export function decideSync(input: DecideSyncInput): SyncDecision {
  const { integration, kind, action, contact } = input;
  if (!integration.isActive) {
    return { sync: false, reason: 'inactive' };
  }
  if (integration.isPaused) {
    return { sync: false, reason: 'paused' };
  }
  if (!(integration.options[kind] ?? []).includes(action)) {
    return { sync: false, reason: 'option-disabled' };
  }
  if (integration.emailOnly && !hasText(contact.emailAddress) && !hasText(contact.phoneNumber)) {
    return { sync: false, reason: 'no-email-or-phone' };
  }
  if (kind === 'stage' && !canSyncStage(integration.type, input.stageRemoteID)) {
    return { sync: false, reason: 'unsupported-stage-sync' };
  }
  if (kind === 'tag' && !canSyncTag(integration.type, input.tagRemoteID)) {
    return { sync: false, reason: 'unsupported-tag-sync' };
  }
  return { sync: true };
}

/** Checks whether an integration type can receive a stage, given the stage's remote id (SPEC §5). */
export function canSyncStage(type: IntegrationType, stageRemoteID?: string | null): boolean {
  switch (type) {
    case 'gsheet':
    case 'webhooks':
      return true;
    case 'gohighlevel':
    case 'leadconnector':
    case 'clickfunnels':
      return hasText(stageRemoteID);
    case 'activecampaign':
    case 'convertkit':
    case 'kartra':
    case 'ontraport':
      return false;
  }
}

/** Checks whether an integration type can receive a tag, given the tag's remote id (SPEC §5). */
export function canSyncTag(type: IntegrationType, tagRemoteID?: string | null): boolean {
  switch (type) {
    case 'activecampaign':
    case 'clickfunnels':
      return hasText(tagRemoteID);
    case 'gsheet':
    case 'convertkit':
    case 'webhooks':
    case 'kartra':
    case 'ontraport':
    case 'gohighlevel':
    case 'leadconnector':
      return true;
  }
}

function hasText(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}
