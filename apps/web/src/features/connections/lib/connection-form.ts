import {
  CONNECTION_FIELDS,
  CONNECTION_TYPE_LABELS,
  SUPPORTED_CHANGES,
  SYNC_ACTIONS,
  SYNC_KINDS,
  connectionInputSchema,
  type Connection,
  type ConnectionInput,
  type ConnectionUpdate,
  type IntegrationType,
  type SyncAction,
  type SyncKind,
} from '@grouptrack/domain';

/** Which actions of each kind of change a connection receives, as the editor's matrix holds them. */
export type Receives = Record<SyncKind, SyncAction[]>;

/** A connection as its editor holds it. */
export interface ConnectionForm {
  type: IntegrationType;
  name: string;
  /** Every field of the type as typed, by key; a secret left empty keeps the stored one. */
  values: Record<string, string>;
  receives: Receives;
  emailOnly: boolean;
}

/** A problem the form shows: at one field (by its key, or 'name'), or over the whole form (null). */
export interface FormProblem {
  field: string | null;
  message: string;
}

function copyReceives(
  from: Partial<Record<SyncKind, readonly SyncAction[]>>,
  type: IntegrationType,
): Receives {
  const supported = SUPPORTED_CHANGES[type];
  return Object.fromEntries(
    SYNC_KINDS.map((kind) => [
      kind,
      SYNC_ACTIONS.filter((a) => from[kind]?.includes(a) && supported[kind].includes(a)),
    ]),
  ) as Receives;
}

/** A new connection of a type: named after the type, receiving every change its system can take. */
export function newConnectionForm(type: IntegrationType): ConnectionForm {
  return {
    type,
    name: CONNECTION_TYPE_LABELS[type],
    values: {},
    receives: copyReceives(SUPPORTED_CHANGES[type], type),
    emailOnly: false,
  };
}

/** A new connection turned to another type: the fields and changes of that type; a name typed stays. */
export function changeFormType(form: ConnectionForm, type: IntegrationType): ConnectionForm {
  const isNameTyped = form.name.trim() !== '' && form.name !== CONNECTION_TYPE_LABELS[form.type];
  return { ...newConnectionForm(type), ...(isNameTyped && { name: form.name }) };
}

/** A stored connection in its editor: its settings, and every secret empty (kept unless typed). */
export function formOfConnection(connection: Connection): ConnectionForm {
  return {
    type: connection.type,
    name: connection.name,
    values: { ...connection.settings },
    receives: copyReceives(connection.receives, connection.type),
    emailOnly: connection.emailOnly,
  };
}

/** Ticks or unticks one change in the matrix, keeping the actions in their usual order. */
export function setReceives(
  receives: Receives,
  { kind, action, isOn }: { kind: SyncKind; action: SyncAction; isOn: boolean },
): Receives {
  const actions = SYNC_ACTIONS.filter((each) => (each === action ? isOn : receives[kind].includes(each)));
  return { ...receives, [kind]: actions };
}

/** The form's fields split as the API takes them: every setting, and only the secrets typed. */
export function splitValues(form: Pick<ConnectionForm, 'type' | 'values'>) {
  const settings: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const field of CONNECTION_FIELDS[form.type]) {
    const value = (form.values[field.key] ?? '').trim();
    if (!field.secret) settings[field.key] = value;
    else if (value !== '') secrets[field.key] = value;
  }
  return { settings, secrets };
}

/** What the API takes to add the connection of the form, switched on. */
export function toConnectionInput(form: ConnectionForm): ConnectionInput {
  return {
    type: form.type,
    name: form.name.trim(),
    ...splitValues(form),
    receives: form.receives,
    emailOnly: form.emailOnly,
    status: 'active',
  };
}

/** What the API takes to change a connection to the form; secrets left empty are left out, so kept. */
export function toConnectionUpdate(form: ConnectionForm): ConnectionUpdate {
  const { settings, secrets } = splitValues(form);
  return {
    name: form.name.trim(),
    settings,
    ...(Object.keys(secrets).length > 0 && { secrets }),
    receives: form.receives,
    emailOnly: form.emailOnly,
  };
}

/** What the form itself can tell before asking the server: the name. The server checks the fields. */
export function findFormProblem(form: ConnectionForm): FormProblem | null {
  const name = connectionInputSchema.shape.name.safeParse(form.name);
  return name.success ? null : { field: 'name', message: name.error.issues[0]!.message };
}

const FIELD_PROBLEM = /^Invalid (?:(?:settings|secrets)\.)?([A-Za-z]+): (.+)$/s;

/**
 * Where a refusal of the server goes: "Invalid settings.url: enter a web address…" under the field
 * it names, in a sentence; anything else over the whole form as the server said it.
 */
export function placeServerProblem(message: string, type: IntegrationType): FormProblem {
  const match = FIELD_PROBLEM.exec(message);
  const key = match?.[1];
  const isField = key === 'name' || CONNECTION_FIELDS[type].some((field) => field.key === key);
  if (!match || !key || !isField) return { field: null, message };
  const words = match[2]!;
  return { field: key, message: `${words.charAt(0).toUpperCase()}${words.slice(1)}` };
}

/** The placeholder of a field: for a stored secret, its last characters and that empty keeps it. */
export function placeholderOf(field: { secret: boolean; placeholder?: string }, hint: string | undefined) {
  if (field.secret && hint) return `Stored: ${hint} — leave empty to keep`;
  return field.placeholder;
}
