import { Button, type ButtonProps } from '@mantine/core';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';

// The form loads on first use: the header's search offers it on every screen, and the first load
// of the app shell has a budget.
const AddContactModal = lazy(() => import('./add-contact-modal'));

/** What the form starts with: a typed name, the pipeline and stage the user was looking at. */
export interface AddContactPreset {
  name?: string;
  pipelineId?: string | null;
  stageId?: string | null;
}

export interface AddContactOptions {
  /**
   * After the contact is created. Boards hear of it through the team's change events; a screen
   * that does not follow them (the Table) reads its rows again here.
   */
  onCreated?: ((GTID: string) => void) | undefined;
}

/**
 * The "Add contact" form for a screen: `open` shows it with a preset, and `modal` is to be rendered
 * once by the screen.
 */
export function useAddContact(
  teamUID: string,
  options: AddContactOptions = {},
): { open: (preset?: AddContactPreset) => void; modal: ReactNode } {
  const [preset, setPreset] = useState<AddContactPreset | null>(null);
  const open = useCallback((next: AddContactPreset = {}) => setPreset(next), []);
  const modal = preset && (
    <Suspense fallback={null}>
      <AddContactModal
        teamUID={teamUID}
        preset={preset}
        onCreated={options.onCreated}
        onClose={() => setPreset(null)}
      />
    </Suspense>
  );
  return { open, modal };
}

/** A button that opens the "Add contact" form with a preset. */
export function AddContactButton({
  teamUID,
  preset,
  onCreated,
  children = 'Add contact',
  ...buttonProps
}: ButtonProps & AddContactOptions & { teamUID: string; preset?: AddContactPreset; children?: ReactNode }) {
  const { open, modal } = useAddContact(teamUID, { onCreated });
  return (
    <>
      <Button {...buttonProps} onClick={() => open(preset)}>
        {children}
      </Button>
      {modal}
    </>
  );
}
