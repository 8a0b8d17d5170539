import { isSocialPlatform } from '@grouptrack/domain';
import { Menu, VisuallyHidden } from '@mantine/core';
import { memo, useState } from 'react';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../../lib/format';
import { withListOrigin } from '../../../lib/list-origin';
import { useCardOrigin } from '../lib/board-origin';
import { useNow } from '../../../lib/use-now';
import type { SearchHit } from '../../../lib/search-client';
import { formatPlatformName } from '../../../lib/platform-names';
import type { Stage } from '../../../lib/pipelines';
import './contact-card.css';

/** A tag's name and colour, looked up from the pipelines answer by tag id. */
export interface TagLabel {
  name: string;
  color: string;
}

/**
 * Every card has the same height (contact-card.css), so the board's virtual lists place cards by
 * arithmetic instead of measuring each one as it scrolls into view.
 */
export const CARD_HEIGHT_PX = 126;

const PLATFORM_COLORS: Record<string, string> = {
  facebook: '#1877F2',
  instagram: '#C13584',
  linkedin: '#0A66C2',
  pinterest: '#BD081C',
  tiktok: '#000000',
  youtube: '#C4302B',
  skool: '#5C3BFE',
};
const MAX_TAGS = 3;
const dueFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** Up to two initials of a name, for a contact without a photo. */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** The open-task marker: when the next task is due, in red once it is overdue. */
function TaskMarker({ dueAt, now }: { dueAt: string; now: Date }) {
  const isOverdue = Date.parse(dueAt) < now.getTime();
  return (
    <span className="gt-card-chip" data-tone={isOverdue ? 'overdue' : 'due'} data-testid="card-task-marker">
      <svg
        width={10}
        height={10}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={3}
        aria-hidden="true"
      >
        <path d="M5 12l5 5 9-11" />
      </svg>
      <VisuallyHidden>Open task: </VisuallyHidden>
      {isOverdue ? 'Overdue' : `Due ${dueFormat.format(new Date(dueAt))}`}
    </span>
  );
}

function Chip({ color, children }: { color: string | undefined; children: string }) {
  return (
    <span className="gt-card-chip">
      <span className="gt-card-dot" aria-hidden="true" style={{ backgroundColor: color }} />
      {children}
    </span>
  );
}

const MoveIcon = (
  <svg width={16} height={16} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
    <circle cx="12" cy="5" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="12" cy="19" r="2" />
  </svg>
);

/**
 * The keyboard (and pointer) way to move a card. A plain button until first used: a Mantine menu on
 * each of the hundreds of cards a long scroll mounts costs more than the card itself.
 */
function MoveMenu({
  card,
  name,
  stages,
  onMove,
}: {
  card: SearchHit;
  name: string;
  stages: Stage[];
  onMove: (card: SearchHit, toStageId: string) => void;
}) {
  const [isArmed, setIsArmed] = useState(false);
  const button = (
    <button
      type="button"
      className="gt-card-menu-button"
      aria-label={`Move ${name} to stage…`}
      aria-haspopup="menu"
      onClick={isArmed ? undefined : () => setIsArmed(true)}
    >
      {MoveIcon}
    </button>
  );
  if (!isArmed) return button;
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Move to stage…</Menu.Label>
        {stages
          .filter((stage) => stage.stageUID !== card.stage)
          .map((stage) => (
            <Menu.Item key={stage.stageUID} onClick={() => onMove(card, stage.stageUID)}>
              {stage.name}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export interface ContactCardProps {
  card: SearchHit;
  stages: Stage[];
  tagLabels: Map<string, TagLabel>;
  onMove: (card: SearchHit, toStageId: string) => void;
  isOverlay?: boolean;
}

/**
 * A contact on the board: photo, name, platforms, open task, last activity and tags, with a keyboard
 * move menu. Plain elements styled by contact-card.css: a long column mounts cards on every scroll.
 */
export const ContactCard = memo(function ContactCard({
  card,
  stages,
  tagLabels,
  onMove,
  isOverlay = false,
}: ContactCardProps) {
  const name = card.name || 'Unnamed contact';
  const now = useNow();
  const tags = card.tags.map((id) => tagLabels.get(id)).filter((tag) => tag !== undefined);
  const origin = useCardOrigin(card.stage);
  return (
    <div className="gt-card" data-overlay={isOverlay || undefined} data-testid="contact-card">
      {card.photoURL ? (
        <img className="gt-card-photo" src={card.photoURL} alt="" loading="lazy" />
      ) : (
        <span className="gt-card-photo" aria-hidden="true">
          {initialsOf(name)}
        </span>
      )}
      <div className="gt-card-body">
        <Link
          className="gt-card-name"
          to={`/contact/${encodeURIComponent(card.GTID)}`}
          // "Back" returns to this board with its filters and scroll; previous and next walk the column.
          state={withListOrigin(null, origin)}
        >
          {name}
        </Link>
        <span className="gt-card-text">{card.emailAddress}</span>
        <span className="gt-card-line">
          {card.platforms.filter(isSocialPlatform).map((platform) => (
            <Chip key={platform} color={PLATFORM_COLORS[platform]}>
              {formatPlatformName(platform)}
            </Chip>
          ))}
        </span>
        <span className="gt-card-line">
          {card.nextTaskDueAt && <TaskMarker dueAt={card.nextTaskDueAt} now={now} />}
          {card.lastActivityAt && (
            <span className="gt-card-dimmed">
              Active {formatRelativeTime(card.lastActivityAt, now.getTime())}
            </span>
          )}
        </span>
        <span className="gt-card-line">
          {tags.slice(0, MAX_TAGS).map((tag) => (
            <Chip key={tag.name} color={tag.color}>
              {tag.name}
            </Chip>
          ))}
          {tags.length > MAX_TAGS && <span className="gt-card-dimmed">+{tags.length - MAX_TAGS}</span>}
        </span>
      </div>
      {!isOverlay && <MoveMenu card={card} name={name} stages={stages} onMove={onMove} />}
    </div>
  );
});
