import type { IntegrationType, SyncAction, SyncKind, SyncOptions } from './sync-rules';

// The rules of outward sync that the server and the web app share: what each system can receive,
// which settings it asks for, which history line is which change, and when a failed delivery is
// tried again. Kept apart from the zod contracts so the pure rules stay cheap to import.

const HIGHLEVEL_CHANGES: Required<SyncOptions> = {
  info: ['add', 'update'],
  stage: ['add', 'update'],
  tag: ['add', 'delete'],
  note: ['add'],
  task: [],
};

/** What each kind of connection can receive: a system with no place for a kind never gets it. */
export const SUPPORTED_CHANGES: Record<IntegrationType, Required<SyncOptions>> = {
  webhooks: everything(),
  // A sheet keeps one row per person, rewritten on every change: it shows every kind.
  gsheet: everything(),
  // LeadConnector is HighLevel's white-label brand: the same API, hosts and tokens.
  gohighlevel: HIGHLEVEL_CHANGES,
  leadconnector: HIGHLEVEL_CHANGES,
  activecampaign: { info: ['add', 'update'], stage: [], tag: ['add', 'delete'], note: ['add'], task: [] },
  clickfunnels: {
    info: ['add', 'update'],
    stage: ['add', 'update'],
    tag: ['add', 'delete'],
    note: [],
    task: [],
  },
  convertkit: { info: ['add', 'update'], stage: [], tag: ['add', 'delete'], note: [], task: [] },
  kartra: { info: ['add', 'update'], stage: [], tag: ['add', 'delete'], note: [], task: [] },
  ontraport: { info: ['add', 'update'], stage: [], tag: ['add', 'delete'], note: [], task: [] },
};

function everything(): Required<SyncOptions> {
  const all = ['add', 'update', 'delete'] as const;
  return { info: all, stage: all, tag: all, note: all, task: all };
}

/** The systems whose stages are mapped to the system's own pipeline stages (SPEC §5). */
export const STAGE_MAPPED_TYPES: readonly IntegrationType[] = [
  'gohighlevel',
  'leadconnector',
  'clickfunnels',
];

/** The systems whose tags are mapped to the system's own tags (SPEC §5). */
export const TAG_MAPPED_TYPES: readonly IntegrationType[] = ['activecampaign', 'clickfunnels'];

/** One setting a connection of a kind asks for; a secret one is stored encrypted and never sent back. */
export interface ConnectionField {
  key: string;
  label: string;
  secret: boolean;
  /** Where to find the value, in the system's own words. */
  help: string;
  placeholder?: string;
}

const HIGHLEVEL_FIELDS: readonly ConnectionField[] = [
  {
    key: 'locationId',
    label: 'Location ID',
    secret: false,
    help: 'Settings → Business Profile: the location id.',
  },
  {
    key: 'token',
    label: 'Private integration token',
    secret: true,
    help: 'Settings → Private Integrations: a token with contacts, tags and opportunities scopes.',
  },
];

/** What a connection of each kind asks for, in the order the form shows it. */
export const CONNECTION_FIELDS: Record<IntegrationType, readonly ConnectionField[]> = {
  webhooks: [
    {
      key: 'url',
      label: 'Receiver URL',
      secret: false,
      help: 'Where each change is POSTed, signed with Standard Webhooks headers. It must answer 2xx.',
      placeholder: 'https://example.com/grouptrack-hook',
    },
  ],
  gsheet: [
    {
      key: 'spreadsheetId',
      label: 'Spreadsheet ID',
      secret: false,
      help: 'The long id in the sheet address, between /d/ and /edit.',
    },
    {
      key: 'sheetName',
      label: 'Sheet name',
      secret: false,
      help: 'The tab the rows go to.',
      placeholder: 'Leads',
    },
    {
      key: 'serviceAccountEmail',
      label: 'Service account email',
      secret: false,
      help: 'Share the spreadsheet with this address as an editor.',
      placeholder: 'grouptrack@project.iam.gserviceaccount.com',
    },
    {
      key: 'privateKey',
      label: 'Service account private key',
      secret: true,
      help: 'The private_key of the service account JSON key file (-----BEGIN PRIVATE KEY-----…).',
    },
  ],
  activecampaign: [
    {
      key: 'apiUrl',
      label: 'API URL',
      secret: false,
      help: 'Settings → Developer → API Access: the URL, such as https://account.api-us1.com.',
      placeholder: 'https://account.api-us1.com',
    },
    { key: 'apiToken', label: 'API key', secret: true, help: 'Settings → Developer → API Access: the key.' },
  ],
  clickfunnels: [
    {
      key: 'subdomain',
      label: 'Workspace subdomain',
      secret: false,
      help: 'The first part of your workspace address: myteam for myteam.myclickfunnels.com.',
      placeholder: 'myteam',
    },
    {
      key: 'workspaceId',
      label: 'Workspace ID',
      secret: false,
      help: 'Settings → Workspace: the numeric id.',
    },
    {
      key: 'apiToken',
      label: 'API access token',
      secret: true,
      help: 'Team settings → Developer portal → a platform application’s access token.',
    },
  ],
  convertkit: [
    {
      key: 'apiKey',
      label: 'API key (v4)',
      secret: true,
      help: 'Kit → Settings → Developer → API keys (v4).',
    },
  ],
  kartra: [
    {
      key: 'appId',
      label: 'App ID',
      secret: false,
      help: 'My Integrations → API: the app id Kartra gave you.',
    },
    { key: 'apiKey', label: 'API key', secret: true, help: 'My Integrations → API: your API key.' },
    {
      key: 'apiPassword',
      label: 'API password',
      secret: true,
      help: 'My Integrations → API: your API password.',
    },
  ],
  ontraport: [
    {
      key: 'appId',
      label: 'App ID',
      secret: false,
      help: 'Administration → Integrations → Ontraport API: the App ID.',
    },
    {
      key: 'apiKey',
      label: 'API key',
      secret: true,
      help: 'Administration → Integrations → Ontraport API: the key.',
    },
  ],
  gohighlevel: HIGHLEVEL_FIELDS,
  leadconnector: HIGHLEVEL_FIELDS,
};

/** The names the screens give each kind of connection. */
export const CONNECTION_TYPE_LABELS: Record<IntegrationType, string> = {
  webhooks: 'Webhook',
  gsheet: 'Google Sheets',
  activecampaign: 'ActiveCampaign',
  clickfunnels: 'ClickFunnels',
  convertkit: 'Kit (ConvertKit)',
  kartra: 'Kartra',
  ontraport: 'Ontraport',
  gohighlevel: 'GoHighLevel',
  leadconnector: 'LeadConnector',
};

/** A change of a contact as the sync sees it. */
export interface SyncChangeKind {
  kind: SyncKind;
  action: SyncAction;
}

/**
 * Which change a line of a contact's history is, or null for lines no connection receives (a
 * message sent, a status label). Every path that changes a contact writes one of these lines in
 * its transaction, which is why the sync reads them.
 */
export function syncChangeOfActivity(line: { type: string; action: string }): SyncChangeKind | null {
  switch (line.type) {
    case 'contact':
      if (line.action === 'created') return { kind: 'info', action: 'add' };
      if (line.action === 'merged') return { kind: 'info', action: 'update' };
      if (line.action === 'deleted') return { kind: 'info', action: 'delete' };
      return null;
    case 'info':
      return { kind: 'info', action: 'update' };
    case 'pipeline':
      if (line.action === 'added') return { kind: 'stage', action: 'add' };
      if (line.action === 'removed') return { kind: 'stage', action: 'delete' };
      return null;
    case 'stage':
      return { kind: 'stage', action: 'update' };
    case 'tag':
      if (line.action === 'added') return { kind: 'tag', action: 'add' };
      if (line.action === 'removed') return { kind: 'tag', action: 'delete' };
      return null;
    case 'note':
    case 'task':
      if (line.action === 'added') return { kind: line.type, action: 'add' };
      if (line.action === 'deleted') return { kind: line.type, action: 'delete' };
      return { kind: line.type, action: 'update' };
    default:
      return null;
  }
}

/**
 * How long after each failed try the next one starts, in seconds: growing over about a day (the
 * Standard Webhooks schedule, shortened), after which the delivery goes to the dead-letter list.
 */
export const SYNC_RETRY_DELAYS_S = [5, 60, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

/** How many times one delivery is tried before it is dead-lettered (with the default schedule). */
export const SYNC_MAX_ATTEMPTS = SYNC_RETRY_DELAYS_S.length + 1;

/**
 * When a failed try is tried again: the schedule's delay with up to 20% of jitter either way, so
 * many deliveries failing together do not all come back together; a Retry-After the system asked
 * for is honoured when it is longer. Null when the tries are used up.
 */
export function nextSyncAttemptAt(options: {
  attempt: number;
  now: number;
  retryAfterMs?: number | null | undefined;
  /** The delays between tries, in seconds (an operator's SYNC_RETRY_SCHEDULE); SYNC_RETRY_DELAYS_S unset. */
  schedule?: readonly number[];
  random?: () => number;
}): number | null {
  const delayS = (options.schedule ?? SYNC_RETRY_DELAYS_S)[options.attempt - 1];
  if (delayS === undefined) return null;
  const jitter = 0.8 + 0.4 * (options.random ?? Math.random)();
  const delayMs = Math.max(Math.round(delayS * 1000 * jitter), options.retryAfterMs ?? 0);
  return options.now + delayMs;
}

/**
 * Whether an answer's HTTP status is worth a retry: a server error, a timeout (408) or a limit
 * reached (429). Any other 4xx is the system refusing this very call, and fails the same way again.
 */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** Failed deliveries in a row after which a connection's admins are told it keeps failing. */
export const CONNECTION_FAILING_THRESHOLD = 5;

/** Longest syncPeriod and delayBy of a pipeline's connection, in minutes (one week). */
export const MAX_SYNC_MINUTES = 10_080;
