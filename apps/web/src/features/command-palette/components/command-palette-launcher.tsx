import { useHotkeys } from '@mantine/hooks';
import { Suspense, lazy, useState } from 'react';

// The palette loads on first use: the app shell's first load has a budget, and most visits never
// open it.
const CommandPalette = lazy(() => import('./command-palette'));

/** Ctrl/Cmd+K anywhere, in a text field too, opens the command palette. */
export function CommandPaletteLauncher({ teamUID }: { teamUID: string }) {
  const [request, setRequest] = useState(0);
  useHotkeys([['mod+K', () => setRequest((count) => count + 1)]], []);
  if (request === 0) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette teamUID={teamUID} request={request} />
    </Suspense>
  );
}
