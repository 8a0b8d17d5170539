import { ActionIcon, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { formatErrorMessage } from '../../../lib/api-client';

export interface EditableField {
  /** The input's accessible name, e.g. "Email of Ava Smith". */
  label: string;
  value: string;
  placeholder?: string;
  /** Answers an error message, or null when the value is fine. */
  validate: (value: string) => string | null;
}

export interface EditableCellProps {
  /**
   * Whose value this is (the contact's GTID). Table rows are reused for other contacts as the table
   * scrolls; an edit belongs to the contact it was started on, not to the row.
   */
  subject: string;
  /** What the cell shows when not editing. */
  display: string;
  /** What the button does, e.g. "edit email of Ava Smith"; its accessible name starts with the value shown. */
  editLabel: string;
  fields: EditableField[];
  /** Saves the typed values (in the order of `fields`); rejects with the server's message. */
  onSave: (values: string[]) => Promise<void>;
  /**
   * Where the value leads (the contact, for the name): the value becomes a link, so a click, a
   * Ctrl-click or a middle click opens it, and editing moves to a pencil button, F2 and a double click.
   */
  link?: { to: string; state: unknown };
}

/**
 * A cell that turns into inputs on click (or on its pencil when the value is a link), Enter, F2 or a
 * double click: Enter saves, Escape cancels.
 */
export function EditableCell({ subject, display, editLabel, fields, onSave, link }: EditableCellProps) {
  const [editing, setEditing] = useState<{ subject: string; values: string[] } | null>(null);
  const [errors, setErrors] = useState<(string | null)[]>([]);
  const [isSaving, setIsSaving] = useState(false);
  const values = editing?.subject === subject ? editing.values : null;
  const setValues = (next: string[] | null) => setEditing(next === null ? null : { subject, values: next });

  if (values === null) {
    const startEditing = () => {
      setErrors([]);
      setValues(fields.map((field) => field.value));
    };
    // F2 edits the focused cell, as in a spreadsheet.
    const onKeyDownToEdit = (event: KeyboardEvent) => {
      if (event.key !== 'F2') return;
      event.preventDefault();
      startEditing();
    };
    if (link) {
      // Plain elements, not Mantine's: the table mounts these continuously while it scrolls. The link
      // is as wide as its text, so a double click on the rest of the cell edits instead of opening.
      return (
        <span className="gt-cell-linked" onDoubleClick={startEditing}>
          <Link
            className="gt-cell-link"
            to={link.to}
            state={link.state}
            data-empty={display === '' || undefined}
            onKeyDown={onKeyDownToEdit}
          >
            {display === '' ? '—' : display}
          </Link>
          <button
            type="button"
            className="gt-cell-pencil"
            aria-label={editLabel}
            title="Edit (F2)"
            onClick={startEditing}
          >
            ✎
          </button>
        </span>
      );
    }
    return (
      <button
        type="button"
        className="gt-cell-button"
        data-empty={display === '' || undefined}
        aria-label={display === '' ? `Empty, ${editLabel}` : `${display}, ${editLabel}`}
        onClick={startEditing}
        onKeyDown={onKeyDownToEdit}
      >
        {display === '' ? '—' : display}
      </button>
    );
  }

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (values === null || isSaving) return;
    const found = fields.map((field, index) => field.validate(values[index] ?? ''));
    setErrors(found);
    if (found.some((error) => error !== null)) return;
    if (fields.every((field, index) => field.value === values[index])) {
      setValues(null);
      return;
    }
    setIsSaving(true);
    try {
      await onSave(values);
      setValues(null);
    } catch (error) {
      setErrors(fields.map((_, index) => (index === 0 ? formatErrorMessage(error) : null)));
    } finally {
      setIsSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      setValues(null);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} style={{ width: '100%' }}>
      <Group gap={4} wrap="nowrap" align="flex-start">
        {fields.map((field, index) => (
          <TextInput
            key={field.label}
            size="xs"
            aria-label={field.label}
            placeholder={field.placeholder}
            value={values[index] ?? ''}
            error={errors[index] ?? undefined}
            disabled={isSaving}
            autoFocus={index === 0}
            onKeyDown={onKeyDown}
            onChange={(event) => {
              const next = [...values];
              next[index] = event.currentTarget.value;
              setValues(next);
            }}
            style={{ flex: 1, minWidth: 0 }}
          />
        ))}
        <ActionIcon type="submit" size="md" variant="light" aria-label="Save" loading={isSaving}>
          ✓
        </ActionIcon>
        <ActionIcon
          size="md"
          variant="subtle"
          color="gray"
          aria-label="Cancel"
          onClick={() => setValues(null)}
        >
          ✕
        </ActionIcon>
      </Group>
    </form>
  );
}
