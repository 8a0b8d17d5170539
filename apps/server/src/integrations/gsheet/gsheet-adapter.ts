import type { LeadData, SyncAdapterFactory, SyncDelivery } from '../adapter';
import { AdapterError } from '../adapter-error';
import type { HttpRequest, HttpResponse, RateLimit } from '../http-client';
import { createServiceAccountTokens, GOOGLE_TOKEN_URL } from './service-account-token';

const SHEETS_HOST = 'https://sheets.googleapis.com';
const DEFAULT_SHEET_NAME = 'Leads';

// Google allows 60 reads and 60 writes a minute per user (here: per service account) and project.
// Reads and writes share one bucket a little under that, so neither quota can be reached.
const LIMIT: RateLimit = { requests: 55, perMs: 60_000 };

/** The header row the adapter writes to an empty tab: one column per field, the GTID first as the key. */
export const GSHEET_COLUMNS = [
  'GTID',
  'Full name',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Pipeline',
  'Stage',
  'Tags',
  'Open tasks',
  'Last note',
  'Updated at',
  'Deleted',
] as const;

const LAST_COLUMN = String.fromCharCode('A'.charCodeAt(0) + GSHEET_COLUMNS.length - 1);

interface GoogleErrorBody {
  error?:
    | string
    | { code?: number; message?: string; status?: string; details?: { reason?: string }[] }
    | undefined;
  error_description?: string;
}

/**
 * Keeps one row per person in a Google Sheets tab, keyed by GTID in column A, through a service
 * account. Every delivery, whatever its changes, rewrites the person's row from the lead snapshot.
 */
export const createGoogleSheetsAdapter: SyncAdapterFactory = (connection, http) => {
  const spreadsheetId = connection.settings.spreadsheetId?.trim() ?? '';
  const sheetName = connection.settings.sheetName?.trim() || DEFAULT_SHEET_NAME;
  const email = connection.settings.serviceAccountEmail?.trim() ?? '';
  const privateKey = connection.secrets.privateKey ?? '';
  const origin = connection.endpoint ? new URL(connection.endpoint).origin : null;
  const tokenUrl = origin ? `${origin}/token` : GOOGLE_TOKEN_URL;
  const spreadsheetUrl = `${origin ?? SHEETS_HOST}/v4/spreadsheets/${encodeURIComponent(spreadsheetId)}`;
  const limitKey = `gsheet:${email}`;
  const noTab = `The spreadsheet has no tab named '${sheetName}'.`;

  const describeError = (response: HttpResponse): string | null => {
    const body = response.body as GoogleErrorBody | null;
    if (typeof body !== 'object' || body === null) return null;
    // The token endpoint speaks OAuth: {error: "invalid_grant", error_description: "…"}.
    if (typeof body.error === 'string') return body.error_description ?? body.error;
    const message = body.error?.message;
    if (!message) return null;
    if (body.error?.status === 'PERMISSION_DENIED' && !isApiDisabled(body.error.details, message)) {
      return `${message.replace(/[.!]?$/, '.')} Share the spreadsheet with ${email} as an editor.`;
    }
    return message;
  };

  const tokens = createServiceAccountTokens({
    cacheKey: `${connection.id}\n${tokenUrl}\n${email}`,
    tokenUrl,
    email,
    privateKey,
    http,
    limitKey,
    limit: LIMIT,
    describeError,
  });

  const checkSettings = () => {
    if (!spreadsheetId) throw new AdapterError('invalid', 'The connection has no spreadsheet ID.');
    if (!email) throw new AdapterError('auth', 'The connection has no service account email.');
    if (!privateKey.trim())
      throw new AdapterError('auth', 'The connection has no service account private key.');
  };

  /** One Sheets API call with the access token; a refused token is replaced once, as it may have expired early. */
  const callSheets = async (request: Omit<HttpRequest, 'headers'>): Promise<HttpResponse> => {
    for (let attempt = 1; ; attempt += 1) {
      const token = await tokens.get();
      try {
        return await http.request(
          { ...request, headers: { authorization: `Bearer ${token}` } },
          { limitKey, limit: LIMIT, describeError },
        );
      } catch (error) {
        if (attempt > 1 || !(error instanceof AdapterError) || error.status !== 401) throw error;
        tokens.forget(token);
      }
    }
  };

  const valuesUrl = (range: string, suffix = '', query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    return `${spreadsheetUrl}/values/${encodeURIComponent(range)}${suffix}${search ? `?${search}` : ''}`;
  };

  /** Column A of the tab: the GTID of each row, row 1 first ('' for a row with none). */
  const readKeyColumn = async (): Promise<string[]> => {
    let response: HttpResponse;
    try {
      response = await callSheets({ method: 'GET', url: valuesUrl(`${quoteSheet(sheetName)}!A:A`) });
    } catch (error) {
      throw tabMissing(error) ? new AdapterError('invalid', noTab, { cause: error, status: 400 }) : error;
    }
    // Google leaves `values` out when the range is empty, and a row with an empty cell as [].
    const values = (response.body as { values?: (string | number | boolean)[][] } | null)?.values ?? [];
    return values.map((cells) => String(cells[0] ?? '').trim());
  };

  const writeRows = async (firstRow: number, rows: string[][]) => {
    const range = `${quoteSheet(sheetName)}!A${firstRow}:${LAST_COLUMN}${firstRow + rows.length - 1}`;
    // RAW keeps what a person typed as text: a name like =HYPERLINK(…) or a phone like +1 555 is not parsed.
    await callSheets({
      method: 'PUT',
      url: valuesUrl(range, '', { valueInputOption: 'RAW' }),
      json: { range, majorDimension: 'ROWS', values: rows },
    });
  };

  const appendRow = async (row: string[]) => {
    const range = `${quoteSheet(sheetName)}!A1`;
    await callSheets({
      method: 'POST',
      url: valuesUrl(range, ':append', { valueInputOption: 'RAW', insertDataOption: 'INSERT_ROWS' }),
      json: { range, majorDimension: 'ROWS', values: [row] },
    });
  };

  return {
    async test() {
      checkSettings();
      const url = `${spreadsheetUrl}?${new URLSearchParams({ fields: 'properties.title,sheets.properties.title' }).toString()}`;
      const response = await callSheets({ method: 'GET', url });
      const body = response.body as {
        properties?: { title?: string };
        sheets?: { properties?: { title?: string } }[];
      } | null;
      const tabs = (body?.sheets ?? []).map((sheet) => sheet.properties?.title);
      if (!tabs.includes(sheetName)) throw new AdapterError('invalid', noTab);
      return `Connected to spreadsheet '${body?.properties?.title ?? spreadsheetId}'; tab '${sheetName}' found.`;
    },

    async deliver(delivery) {
      checkSettings();
      const { lead } = delivery;
      const row = buildRow(delivery);
      // The row is found by GTID on every delivery, never by a remembered row number: people sort sheets.
      const keys = await readKeyColumn();
      const index = keys.indexOf(lead.GTID);
      if (keys.length === 0) await writeRows(1, [[...GSHEET_COLUMNS], row]);
      else if (index >= 0) await writeRows(index + 1, [row]);
      else await appendRow(row);
      return { contactID: lead.GTID };
    },
  };
};

/** The person's row, in GSHEET_COLUMNS order, from the lead as the delivery froze it. */
function buildRow(delivery: SyncDelivery): string[] {
  const { lead, pipeline, changes } = delivery;
  const updatedAt = changes.reduce((latest, change) => (change.at > latest ? change.at : latest), '');
  return [
    lead.GTID,
    lead.fullName,
    lead.firstName,
    lead.lastName,
    lead.emailAddress ?? '',
    lead.phoneNumber ?? '',
    pipeline?.name ?? '',
    pipeline?.stage?.name ?? '',
    formatTags(lead.tags),
    lead.tasks
      .filter((task) => !task.isComplete)
      .map((task) => task.taskName)
      .join('; '),
    lastNote(lead.notes),
    updatedAt || new Date().toISOString(),
    lead.deleted ? 'yes' : '',
  ];
}

/** "Interests: yoga, running; Status: hot": the tags grouped by tag set, in the order they come. */
function formatTags(tags: LeadData['tags']): string {
  const bySet = new Map<string, string[]>();
  for (const { tagSetName, tag } of tags) bySet.set(tagSetName, [...(bySet.get(tagSetName) ?? []), tag]);
  return [...bySet]
    .map(([tagSetName, names]) => (tagSetName ? `${tagSetName}: ${names.join(', ')}` : names.join(', ')))
    .join('; ');
}

function lastNote(notes: LeadData['notes']): string {
  let latest: LeadData['notes'][number] | null = null;
  for (const note of notes) if (!latest || note.createdAt >= latest.createdAt) latest = note;
  return latest?.text ?? '';
}

/** A tab name as A1 notation needs it: always quoted, an inner quote doubled. */
function quoteSheet(name: string): string {
  return `'${name.replaceAll("'", "''")}'`;
}

function tabMissing(error: unknown): boolean {
  return (
    error instanceof AdapterError && error.status === 400 && error.message.includes('Unable to parse range')
  );
}

/** Whether a 403 says the Sheets API is off for the project, which sharing the sheet would not fix. */
function isApiDisabled(details: { reason?: string }[] | undefined, message: string): boolean {
  return (
    (details ?? []).some((detail) => detail.reason === 'SERVICE_DISABLED') ||
    message.includes('has not been used')
  );
}
