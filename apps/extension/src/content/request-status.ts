/**
 * A small line at the foot of a group's requests page that says what GroupTrack did with the requests
 * it read, and offers to read the whole list (which the site shows a page at a time as one scrolls).
 */
export interface RequestStatus {
  /** Says what became of the requests read (`capture`), or of the decisions carried out (`decisions`). */
  say(line: 'capture' | 'decisions', text: string, tone?: 'info' | 'error'): void;
  /** Shows "Read all" while a list may hold more than is shown; hides it otherwise. */
  offerReadAll(onReadAll: (() => void) | null): void;
}

export function mountRequestStatus(): RequestStatus {
  const host = document.createElement('grouptrack-requests');
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.innerHTML = `
    <style>
      :host { all: initial; }
      .bar {
        position: fixed; left: 16px; bottom: 16px; z-index: 2147483646; max-width: 420px;
        display: flex; gap: 8px; align-items: center; padding: 8px 12px; border-radius: 8px;
        font: 13px/1.4 system-ui, sans-serif; color: #1a1b1e; background: #fff;
        box-shadow: 0 2px 10px rgb(0 0 0 / 25%); border-left: 4px solid #1c7ebb;
      }
      .bar.error { border-left-color: #e03131; }
      [hidden] { display: none; }
      button { font: 600 12px system-ui, sans-serif; border: 1px solid #1c7ebb; color: #1c7ebb;
        background: #fff; border-radius: 6px; padding: 3px 8px; cursor: pointer; white-space: nowrap; }
      button[hidden] { display: none; }
    </style>
    <div class="bar" role="region" aria-label="GroupTrack member requests">
      <div class="lines">
        <div role="status" aria-label="Captured"></div>
        <div role="status" aria-label="Decisions" hidden></div>
      </div>
      <button type="button" hidden>Read all</button>
    </div>`;
  const bar = shadow.querySelector<HTMLElement>('.bar')!;
  const lines = {
    capture: shadow.querySelector<HTMLElement>('[aria-label="Captured"]')!,
    decisions: shadow.querySelector<HTMLElement>('[aria-label="Decisions"]')!,
  };
  const button = shadow.querySelector<HTMLButtonElement>('button')!;
  let readAll: (() => void) | null = null;
  button.addEventListener('click', () => readAll?.());
  document.documentElement.append(host);
  return {
    say(line, text, tone = 'info') {
      lines[line].textContent = text;
      lines[line].hidden = false;
      bar.classList.toggle('error', tone === 'error');
    },
    offerReadAll(onReadAll) {
      readAll = onReadAll;
      button.hidden = onReadAll === null;
    },
  };
}
