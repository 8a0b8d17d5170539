import { isFrameToPageMessage } from '@grouptrack/domain';
import type {
  InsertTextResult,
  OnScreenPerson,
  SidebarPersonMessage,
  SocialPlatform,
} from '@grouptrack/domain';
import { insertIntoComposer, isComposer } from './composer';
import { openFrameChannel } from './frame-channel';
import type { FrameChannel } from './frame-channel';

const WIDTH_PX = 360;

/** The launcher and the sidebar beside the site's page, in a shadow root so the site's styles stay out. */
export interface Sidebar {
  /**
   * Who is on screen now, on what kind of page (of which group); the sidebar follows. The launcher
   * shows while someone is on screen, and on a group's requests page, whose review list it shows.
   */
  showPerson(
    person: OnScreenPerson | null,
    page: { kind: string; platform: SocialPlatform; groupId: string | null } | null,
  ): void;
  /** Opens the sidebar (a badge clicked on a list). */
  open(): void;
}

export function mountSidebar(): Sidebar {
  const host = document.createElement('grouptrack-sidebar');
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.innerHTML = `
    <style>
      :host { all: initial; }
      .launcher {
        position: fixed; right: 0; top: 40%; z-index: 2147483646;
        font: 600 13px system-ui, sans-serif; color: #fff; background: #1c7ebb;
        border: 0; border-radius: 6px 0 0 6px; padding: 10px 8px; cursor: pointer;
        writing-mode: vertical-rl;
      }
      .panel {
        position: fixed; top: 0; right: 0; bottom: 0; width: ${WIDTH_PX}px; z-index: 2147483647;
        background: #fff; box-shadow: -2px 0 12px rgb(0 0 0 / 25%); display: flex; flex-direction: column;
      }
      .panel[hidden], .launcher[hidden] { display: none; }
      .bar { display: flex; justify-content: flex-end; padding: 4px; border-bottom: 1px solid #ddd; }
      .close { font: 13px system-ui, sans-serif; border: 0; background: none; cursor: pointer; padding: 4px 8px; }
      iframe { flex: 1; border: 0; width: 100%; }
    </style>
    <button class="launcher" type="button" aria-label="Open the GroupTrack sidebar" hidden>GroupTrack</button>
    <aside class="panel" aria-label="GroupTrack" hidden>
      <div class="bar"><button class="close" type="button" aria-label="Close the GroupTrack sidebar">✕</button></div>
    </aside>`;
  const launcher = shadow.querySelector<HTMLButtonElement>('.launcher')!;
  const panel = shadow.querySelector<HTMLElement>('.panel')!;
  const closeButton = shadow.querySelector<HTMLButtonElement>('.close')!;
  document.documentElement.append(host);

  let current: SidebarPersonMessage = {
    type: 'gt_person',
    person: null,
    pageKind: null,
    platform: null,
    groupId: null,
  };
  const hasSomethingToShow = () => current.person !== null || current.pageKind === 'member-requests';
  let channel: FrameChannel | null = null;
  // The message box the user last wrote in: clicking Insert moves the focus into the sidebar.
  let lastComposer: Element | null = null;
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof Element && isComposer(event.target)) lastComposer = event.target;
  });

  const onFrameMessage = (message: unknown) => {
    if (!isFrameToPageMessage(message)) return;
    if (message.type === 'gt_sidebar_ready') channel?.send(current);
    if (message.type === 'gt_insert_text') {
      const outcome = insertIntoComposer(document, lastComposer, message.text);
      const result: InsertTextResult = {
        type: 'gt_insert_text_result',
        id: message.id,
        inserted: outcome.inserted,
        message: outcome.inserted ? null : outcome.message,
      };
      channel?.send(result);
    }
  };

  const open = () => {
    // The frame loads on first use: most pages a user scrolls past never need it.
    if (!channel) {
      channel = openFrameChannel('sidebar', 'GroupTrack sidebar', onFrameMessage);
      panel.append(channel.frame);
    }
    panel.hidden = false;
    launcher.hidden = true;
  };
  launcher.addEventListener('click', open);
  closeButton.addEventListener('click', () => {
    panel.hidden = true;
    launcher.hidden = !hasSomethingToShow();
  });

  return {
    showPerson(person, page) {
      current = {
        type: 'gt_person',
        person,
        pageKind: page?.kind ?? null,
        platform: page?.platform ?? null,
        groupId: page?.groupId ?? null,
      };
      channel?.send(current);
      if (panel.hidden) launcher.hidden = !hasSomethingToShow();
    },
    open,
  };
}
