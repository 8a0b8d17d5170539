import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';

const FIXTURES = new URL('../fixtures/', import.meta.url);

/**
 * Builds the DOM of a saved fixture page at its real address, without running its scripts, as the content
 * script would see it. Tests only: the package itself never touches happy-dom.
 */
export function loadFixture(path: string, url: string): Document {
  const window = new Window({
    url,
    settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
  });
  window.document.write(readFixture(path));
  return window.document as unknown as Document;
}

/** A fixture file's text, such as a fragment a test draws over a page. */
export function readFixture(path: string): string {
  return readFileSync(new URL(path, FIXTURES), 'utf8');
}
