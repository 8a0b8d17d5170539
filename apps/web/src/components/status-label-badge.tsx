import { Badge, type BadgeProps } from '@mantine/core';
import { pickReadableFontColor } from '@grouptrack/domain';
import type { StatusLabel } from '../lib/status-labels';

/** A status label in its colour, with a font colour that stays readable on it. */
export function StatusLabelBadge({ label, ...props }: { label: StatusLabel } & BadgeProps) {
  return (
    <Badge
      {...props}
      style={{ background: label.color, color: pickReadableFontColor(label.color), textTransform: 'none' }}
    >
      {label.display}
    </Badge>
  );
}
