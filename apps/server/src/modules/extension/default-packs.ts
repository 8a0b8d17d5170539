import { SOCIAL_PLATFORMS } from '@grouptrack/domain';
import { z } from 'zod';

/**
 * What the server knows of a selector pack: a JSON object for one platform with an integer version.
 * The rest is the extension's business (see packages/capture) and is stored and served as it came.
 */
export const selectorPackSchema = z.looseObject({
  platform: z.enum(SOCIAL_PLATFORMS, {
    error: `must be one of ${SOCIAL_PLATFORMS.join(', ')}`,
  }),
  version: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(2_147_483_647, 'must be at most 2147483647'),
});

export type StoredSelectorPack = z.infer<typeof selectorPackSchema>;

/** What the server reads of @grouptrack/capture: its bundled packs and its full check of a pack. */
const captureModuleSchema = z.object({
  DEFAULT_SELECTOR_PACKS: z.record(z.string(), selectorPackSchema),
  parseSelectorPack: z.custom<(json: unknown) => unknown>((value) => typeof value === 'function'),
});

export interface CapturePacks {
  /** The packs bundled with the extension, one per platform. */
  defaults: StoredSelectorPack[];
  /** The problems the extension's own reading of a pack finds, or an empty list. */
  problemsOf(json: unknown): string[];
}

// The capture package is written for the browser (its parsers take DOM types the server does not
// compile with), so the server loads it at run time, once, and reads only the contract above.
const CAPTURE_PACKAGE = '@grouptrack/capture';
let loaded: Promise<CapturePacks> | undefined;

/** The one place the server looks up the bundled default packs. */
export function loadCapturePacks(): Promise<CapturePacks> {
  loaded ??= (async () => {
    const module = captureModuleSchema.parse(await import(CAPTURE_PACKAGE));
    return {
      defaults: Object.values(module.DEFAULT_SELECTOR_PACKS),
      problemsOf(json) {
        try {
          module.parseSelectorPack(json);
          return [];
        } catch (error) {
          return [error instanceof Error ? error.message : String(error)];
        }
      },
    };
  })();
  return loaded;
}
