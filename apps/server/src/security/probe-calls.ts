// What the security suites share: requests built from an operation, the leak check, and waiting
// for the background jobs a call started, so the next fingerprint sees everything it caused.
import { formatCsvRow } from '@grouptrack/domain';
import type { TestServer } from '../testing/test-server';
import {
  buildPath,
  leaves,
  queryString,
  sampleBodies,
  sampleQuery,
  type Operation,
  type RequestValues,
} from './openapi-operations';

export interface ProbeRequest {
  method: string;
  path: string;
  body?: string;
  contentType?: string;
  /** Every value the request carries, so an answer that echoes one is not counted as a leak. */
  sent: string[];
}

/** The CSV the upload operation is probed with: rows that name the given people by GTID and email. */
export function probeCsv(people: { GTID: string; email: string }[]) {
  return [
    formatCsvRow(['GTID', 'First Name', 'Email']),
    ...people.map((person) => formatCsvRow([person.GTID, 'Renamed by probe', person.email])),
  ].join('');
}

/** The cells of a CSV without quotes, as the values a caller who sent it knows. */
export function csvCells(csv: string) {
  return csv.split(/[,\r\n]+/).filter(Boolean);
}

/** One request per sampled body of the operation, every path parameter, query value and field filled. */
export function probeRequests(operation: Operation, values: RequestValues, csv: string): ProbeRequest[] {
  const query = sampleQuery(operation, values);
  const path = buildPath(operation, values) + queryString(query);
  const pathValues = (path.split('?')[0] ?? '').split('/').map(decodeURIComponent);
  const carried = [...pathValues, ...Object.values(query)];
  if (operation.body) {
    return sampleBodies(operation.body, values).map((body) => ({
      method: operation.method,
      path,
      body: JSON.stringify(body),
      sent: [...carried, ...leaves(body).map((leaf) => String(leaf.value))],
    }));
  }
  if (operation.rawBody) {
    return [
      {
        method: operation.method,
        path,
        body: csv,
        contentType: 'text/csv',
        sent: [...carried, ...csvCells(csv)],
      },
    ];
  }
  return [{ method: operation.method, path, sent: carried }];
}

/** The secrets an answer shows, ignoring case, except those the request itself carried. */
export function leakedSecrets(answer: string, secrets: readonly string[], sent: readonly string[]) {
  const text = answer.toLowerCase();
  const carried = new Set(sent.map((value) => value.toLowerCase()));
  return secrets.filter(
    (secret) => !carried.has(secret.toLowerCase()) && text.includes(secret.toLowerCase()),
  );
}

/** Waits until no background job is due or running, so their changes land before the next check. */
export async function waitForIdleQueue(server: TestServer) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const { rows } = await server.databases.directoryEngine.executeSql(
      `select count(*)::int as busy from pgboss.job
        where state in ('created', 'retry', 'active') and start_after <= now()`,
    );
    if (Number(rows[0]!.busy) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('background jobs still running after 30 s');
}

/** A request as one line of a report: method, path and at most the start of its body. */
export function describeRequest(request: { method: string; path: string; body?: string }) {
  const body = request.body === undefined ? '' : ` ${request.body.slice(0, 160)}`;
  return `${request.method} ${request.path}${body}${(request.body?.length ?? 0) > 160 ? '…' : ''}`;
}
