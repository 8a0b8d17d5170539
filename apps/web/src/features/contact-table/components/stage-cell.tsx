import { useState } from 'react';
import type { Stage } from '../../../lib/pipelines';

export interface StageCellProps {
  /** The row's contact: rows are reused as the table scrolls, and a change belongs to its contact. */
  subject: string;
  name: string;
  stageId: string | null;
  stages: Stage[];
  /** Saves the new stage in one write; rejects when it was refused (the toast says why). */
  onChange: (stageId: string) => Promise<void>;
}

/** The stage of the pipeline in view, changed in place with a native select. */
export function StageCell({ subject, name, stageId, stages, onChange }: StageCellProps) {
  // The stage being saved shows at once; the row's own stage comes back if the save fails.
  const [saving, setSaving] = useState<{ subject: string; stageId: string } | null>(null);
  const value = saving?.subject === subject ? saving.stageId : (stageId ?? '');
  const stage = stages.find((each) => each.stageUID === value);
  return (
    <select
      className="gt-cell-select"
      aria-label={`Stage of ${name || 'this contact'}`}
      value={value}
      disabled={saving?.subject === subject}
      data-empty={stage ? undefined : true}
      style={stage ? { backgroundColor: stage.color, color: stage.fontColor } : undefined}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (!next || next === stageId) return;
        setSaving({ subject, stageId: next });
        onChange(next)
          .catch(() => undefined)
          .finally(() => setSaving(null));
      }}
    >
      {!stage && <option value="">—</option>}
      {stages.map((each) => (
        <option key={each.stageUID} value={each.stageUID}>
          {each.name}
        </option>
      ))}
    </select>
  );
}
