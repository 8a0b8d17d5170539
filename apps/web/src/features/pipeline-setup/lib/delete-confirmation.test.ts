import { describe, expect, it } from 'vitest';
import { deleteConfirmation } from './delete-confirmation';

describe('deleteConfirmation', () => {
  it('just asks for an empty pipeline', () => {
    expect(deleteConfirmation('Leads', 0, '')).toMatchObject({ asksForName: false, canDelete: true });
  });

  it('says how many contacts a pipeline holds and waits for its name', () => {
    const asked = deleteConfirmation('Leads', 1200, '');
    expect(asked.message).toContain('Leads holds 1,200 contacts.');
    expect(asked).toMatchObject({ asksForName: true, canDelete: false });
    expect(deleteConfirmation('Leads', 1, 'Lead').canDelete).toBe(false);
    expect(deleteConfirmation('Leads', 1, ' leads ').canDelete).toBe(true);
    expect(deleteConfirmation('Leads', 1, '').message).toContain('holds 1 contact.');
  });
});
