import { isSocialPlatform, pickReadableFontColor } from '@grouptrack/domain';
import { Menu, VisuallyHidden } from '@mantine/core';
import { memo, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatRelativeTime } from '../../../lib/format';
import { withListOrigin } from '../../../lib/list-origin';
import { useCardOrigin } from '../lib/board-origin';
import type { CardDensity } from '../lib/card-density';
import { fitChips } from '../lib/chip-fit';
import { useNow } from '../../../lib/use-now';
import type { SearchHit } from '../../../lib/search-client';
import { formatPlatformName } from '../../../lib/platform-names';
import type { Stage } from '../../../lib/pipelines';
import { findStatusLabel, useStatusLabels } from '../../../lib/status-labels';
import { useLoggedUser } from '../../../app/signed-in-user';
import { MessageDialog } from '../../message-templates';
import './contact-card.css';

/** A tag's name and colour, looked up from the pipelines answer by tag id. */
export interface TagLabel {
  name: string;
  color: string;
}

const PLATFORM_COLORS: Record<string, string> = {
  facebook: '#1877F2',
  instagram: '#C13584',
  linkedin: '#0A66C2',
  pinterest: '#BD081C',
  tiktok: '#000000',
  youtube: '#C4302B',
  skool: '#5C3BFE',
};
// The width of a card's line of tags on a board column (COLUMN_WIDTH_PX less padding, photo and menu).
const TAG_LINE_PX = 164;
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
      <span className="gt-card-chip-name">{children}</span>
    </span>
  );
}

/** The card's status label, filled in its colour; nothing when it has none (or it was deleted). */
function CardStatusLabel({ labelId }: { labelId: string }) {
  const labels = useStatusLabels(useLoggedUser().currentTeam.teamUID).data;
  const label = findStatusLabel(labels, labelId);
  if (!label) return null;
  return (
    <span
      className="gt-card-chip"
      data-testid="card-status-label"
      style={{
        backgroundColor: label.color,
        color: pickReadableFontColor(label.color),
        borderColor: label.color,
      }}
    >
      <VisuallyHidden>Status label: </VisuallyHidden>
      {label.display}
    </span>
  );
}

/** The lead score of the contact's member request to this pipeline. */
function ScoreChip({ score }: { score: number }) {
  return (
    <span
      className="gt-card-chip"
      data-tone="score"
      data-testid="card-lead-score"
      title="Lead score, 0 to 100"
    >
      Score {score}
    </span>
  );
}

/** The tags that fit on the line, then "+N" for the others (all named in its tooltip). */
function TagLine({ tags }: { tags: TagLabel[] }) {
  const shown = fitChips(
    tags.map((tag) => tag.name),
    TAG_LINE_PX,
  );
  const rest = tags.slice(shown);
  return (
    <span className="gt-card-line" data-testid="card-tags">
      {tags.slice(0, shown).map((tag) => (
        <Chip key={tag.name} color={tag.color}>
          {tag.name}
        </Chip>
      ))}
      {rest.length > 0 && (
        <span className="gt-card-chip" title={rest.map((tag) => tag.name).join(', ')}>
          +{rest.length}
          <VisuallyHidden> more tags: {rest.map((tag) => tag.name).join(', ')}</VisuallyHidden>
        </span>
      )}
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

const stopEvent = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The keyboard (and pointer) way to move a card. A plain button until first used: a Mantine menu on
 * each of the hundreds of cards a long scroll mounts costs more than the card itself.
 */
function MoveMenu({
  card,
  name,
  stages,
  onMove,
  isTabStop,
}: {
  card: SearchHit;
  name: string;
  stages: Stage[];
  onMove: (card: SearchHit, toStageId: string) => void;
  isTabStop: boolean;
}) {
  const [isArmed, setIsArmed] = useState(false);
  const [isMessaging, setIsMessaging] = useState(false);
  const teamUID = useLoggedUser().currentTeam.teamUID;
  // The board's pipeline, whose stage and membership answers the message's fields use.
  const { pipelineID } = useParams();
  const button = (
    <button
      type="button"
      tabIndex={isTabStop ? 0 : -1}
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
    <>
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
          <Menu.Divider />
          <Menu.Item onClick={() => setIsMessaging(true)}>Message…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {isMessaging && (
        // The dialog is drawn outside the card, but React still hands its presses to the card's drag.
        <span role="presentation" onMouseDown={stopEvent} onTouchStart={stopEvent} onKeyDown={stopEvent}>
          <MessageDialog
            teamUID={teamUID}
            GTID={card.GTID}
            pipelineId={pipelineID}
            onClose={() => setIsMessaging(false)}
          />
        </span>
      )}
    </>
  );
}

export interface ContactCardProps {
  card: SearchHit;
  stages: Stage[];
  tagLabels: Map<string, TagLabel>;
  onMove: (card: SearchHit, toStageId: string) => void;
  isOverlay?: boolean;
  /** Whether Tab reaches the card's link and menu: on the board, only the card arrow keys last moved to. */
  isTabStop?: boolean;
  /** Compact: the name and one line (open task, last contacted). */
  density?: CardDensity;
}

/**
 * A contact on the board: photo, name, lead score, platforms, open task, when last contacted and tags, with a
 * keyboard move menu. Every card of a density has one height (contact-card.css, CARD_HEIGHTS), so
 * the board's virtual lists place cards by arithmetic instead of measuring each one. Plain elements
 * styled by contact-card.css: a long column mounts cards on every scroll.
 */
export const ContactCard = memo(function ContactCard({
  card,
  stages,
  tagLabels,
  onMove,
  isOverlay = false,
  isTabStop = true,
  density = 'comfortable',
}: ContactCardProps) {
  const name = card.name || 'Unnamed contact';
  const now = useNow();
  const tags = card.tags.map((id) => tagLabels.get(id)).filter((tag) => tag !== undefined);
  const origin = useCardOrigin(card.stage);
  return (
    <div
      className="gt-card"
      data-density={density}
      data-overlay={isOverlay || undefined}
      data-testid="contact-card"
    >
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
          tabIndex={isTabStop ? 0 : -1}
          to={`/contact/${encodeURIComponent(card.GTID)}`}
          // "Back" returns to this board with its filters and scroll; previous and next walk the column.
          state={withListOrigin(null, origin)}
        >
          {name}
        </Link>
        {density === 'comfortable' && (
          <>
            <span className="gt-card-text">{card.emailAddress}</span>
            <span className="gt-card-line">
              {card.statusLabelId && <CardStatusLabel labelId={card.statusLabelId} />}
              {card.leadScore !== null && <ScoreChip score={card.leadScore} />}
              {card.platforms.filter(isSocialPlatform).map((platform) => (
                <Chip key={platform} color={PLATFORM_COLORS[platform]}>
                  {formatPlatformName(platform)}
                </Chip>
              ))}
            </span>
          </>
        )}
        <span className="gt-card-line">
          {density === 'compact' && card.statusLabelId && <CardStatusLabel labelId={card.statusLabelId} />}
          {density === 'compact' && card.leadScore !== null && <ScoreChip score={card.leadScore} />}
          {card.nextTaskDueAt && <TaskMarker dueAt={card.nextTaskDueAt} now={now} />}
          <span className="gt-card-dimmed" data-testid="card-last-contacted">
            {card.lastContactedAt
              ? `Contacted ${formatRelativeTime(card.lastContactedAt, now.getTime())}`
              : 'Not contacted yet'}
          </span>
        </span>
        {density === 'comfortable' && <TagLine tags={tags} />}
      </div>
      {!isOverlay && (
        <MoveMenu card={card} name={name} stages={stages} onMove={onMove} isTabStop={isTabStop} />
      )}
    </div>
  );
});
