import type { DirectoryDb } from '../../platform/db/databases';
import { BadRequestError, ConflictError } from '../../platform/errors';
import { loadCapturePacks, selectorPackSchema, type StoredSelectorPack } from './default-packs';
import * as repo from './selectors.repository';

/** Selector misses one user may add to the counts per day (UTC); more are answered but not counted. */
export const MISS_REPORTS_PER_DAY = 500;

export type SelectorsService = ReturnType<typeof createSelectorsService>;

export interface SelectorMiss {
  platform: string;
  pageKind: string;
  selectorId: string;
  extensionVersion: string;
}

/**
 * Selector packs (each platform's selectors as data, versioned) and the misses the extension reports.
 * The extension gets, per platform, the newer of the bundled default and the pack an operator
 * published, so a page that changed is fixed without a new release of the extension.
 */
export function createSelectorsService(deps: { directory: DirectoryDb }) {
  const { directory } = deps;
  let prunedDay = '';

  /** Per platform, the pack served now and where it comes from. */
  async function currentPacks() {
    const [{ defaults }, stored] = await Promise.all([loadCapturePacks(), repo.listNewestPacks(directory)]);
    const current = new Map<
      string,
      { pack: StoredSelectorPack; source: 'default' | 'operator'; at: Date | null }
    >();
    for (const pack of defaults) current.set(pack.platform, { pack, source: 'default', at: null });
    for (const row of stored) {
      const parsed = selectorPackSchema.safeParse(row.pack);
      // A stored pack at or below the bundled version is older than this server's default.
      if (!parsed.success || (current.get(row.platform)?.pack.version ?? 0) >= parsed.data.version) continue;
      current.set(row.platform, { pack: parsed.data, source: 'operator', at: row.createdAt });
    }
    return current;
  }

  return {
    /** The packs the extension uses now: one per platform, the newest version. */
    async listPacks() {
      return [...(await currentPacks()).values()].map((entry) => entry.pack);
    },

    /** For operators: the version served per platform and its source, and the packs published. */
    async describePacks() {
      const [current, published] = await Promise.all([currentPacks(), repo.listPackVersions(directory, 100)]);
      return {
        current: [...current.values()].map((entry) => ({
          platform: entry.pack.platform,
          version: entry.pack.version,
          source: entry.source,
          publishedAt: entry.at?.toISOString() ?? null,
        })),
        published: published.map((row) => ({
          platform: row.platform,
          version: row.version,
          createdByUid: row.createdByUid,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Publishes a pack: it must be a pack the extension can read, with a version above the one
     * served now for its platform. Answers its platform and version.
     */
    async publishPack(json: unknown, byUid: string | null) {
      const parsed = selectorPackSchema.safeParse(json);
      if (!parsed.success) {
        const problems = parsed.error.issues.map(
          (issue) => `${issue.path.join('.') || '(pack)'}: ${issue.message}`,
        );
        throw new BadRequestError(`Invalid selector pack: ${problems.join('; ')}`);
      }
      const problems = (await loadCapturePacks()).problemsOf(json);
      if (problems.length > 0) throw new BadRequestError(problems.join('; '));
      const { platform, version } = parsed.data;
      const served = (await currentPacks()).get(platform)?.pack.version ?? 0;
      const refused = () =>
        new ConflictError(
          `The ${platform} pack is at version ${served}: give this pack a version above ${served} (it has ${version}).`,
        );
      if (version <= served) throw refused();
      if (!(await repo.insertPack(directory, { platform, version, pack: parsed.data, createdByUid: byUid })))
        throw refused();
      return { platform, version };
    },

    /**
     * Counts a selector that found nothing on a page. Answers false when the user has reported
     * MISS_REPORTS_PER_DAY misses today already: those are not counted.
     */
    async recordMiss(userId: string, miss: SelectorMiss, now = new Date()) {
      const day = now.toISOString().slice(0, 10);
      if (prunedDay !== day) {
        prunedDay = day;
        await repo.pruneReporters(directory, day);
      }
      if ((await repo.countReport(directory, userId, day)) > MISS_REPORTS_PER_DAY) return false;
      await repo.recordMiss(directory, miss);
      return true;
    },

    /** The misses, last seen first, as /admin lists them. */
    async listMisses(options: { limit: number; platform?: string | undefined }) {
      return (await repo.listMisses(directory, options)).map((row) => ({
        platform: row.platform,
        pageKind: row.pageKind,
        selectorId: row.selectorId,
        extensionVersion: row.extensionVersion,
        count: row.count,
        firstSeenAt: row.firstSeenAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      }));
    },
  };
}
