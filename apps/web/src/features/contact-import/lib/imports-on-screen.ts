/**
 * The imports whose wizard is open on this page. The bell announces an import's end with a toast only
 * when its window was closed: an open wizard shows the result itself.
 */
const onScreen = new Set<string>();

/** Marks an import as followed on screen; answers the function that stops that. */
export function followImportOnScreen(importId: string): () => void {
  onScreen.add(importId);
  return () => {
    onScreen.delete(importId);
  };
}

/** Whether an open wizard is showing this import. */
export function isImportOnScreen(importId: string): boolean {
  return onScreen.has(importId);
}
