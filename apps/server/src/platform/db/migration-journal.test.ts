import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const drizzleRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/**
 * The migrator applies only migrations dated after the newest one a database has applied. A new
 * migration dated before that (drizzle-kit dates it now, and earlier entries were dated ahead) would be
 * applied to fresh databases, which every test uses, and silently skipped on every existing one.
 */
describe.each(['directory', 'team'])('the %s migrations', (folder) => {
  it('are dated in the order they apply, so an existing database applies each new one', () => {
    const journal = JSON.parse(
      readFileSync(path.join(drizzleRoot, folder, 'meta/_journal.json'), 'utf8'),
    ) as Journal;
    const misdated = journal.entries.flatMap((entry, index) => {
      const before = journal.entries[index - 1];
      return before && entry.when <= before.when
        ? [`${entry.tag} (${entry.when}) is dated before ${before.tag} (${before.when})`]
        : [];
    });
    expect(
      misdated,
      `Give each listed migration a "when" above the one before it in drizzle/${folder}/meta/_journal.json`,
    ).toEqual([]);
  });
});
