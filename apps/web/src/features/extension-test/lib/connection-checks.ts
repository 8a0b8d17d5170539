import type { PipelineList, SocialPlatform } from '@grouptrack/domain';
import { formatCount } from '../../../lib/format';
import { formatPlatformName } from '../../../lib/platform-names';

/** One check of the extension's connection: what it found, or why it failed, and how long it took. */
export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
  ms: number;
}

/** Reads a path of the API (through the extension, in its frames) and answers its `data`. */
export type ReadData = <T>(path: string) => Promise<T>;

interface Me {
  name: string;
  email: string;
  currentTeam: { teamUID: string; name?: string };
}

/**
 * The checks, in order: the server answers and knows who the extension signed in as; the team's data
 * comes through with the user's pipeline access; the selector packs the extension reads pages with
 * are served. Each runs whatever the one before found, so one answer names every broken link.
 */
export async function runConnectionChecks(
  read: ReadData,
  teamUID: string,
  now: () => number = () => performance.now(),
): Promise<CheckResult[]> {
  const timed = async (name: string, check: () => Promise<string>): Promise<CheckResult> => {
    const started = now();
    try {
      const detail = await check();
      return { name, ok: true, detail, ms: Math.round(now() - started) };
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { name, ok: false, detail, ms: Math.round(now() - started) };
    }
  };
  return [
    await timed('Signed in', async () => {
      const me = await read<Me>('/api/v1/me');
      return `As ${me.name} (${me.email}).`;
    }),
    await timed('Team data', async () => {
      const list = await read<PipelineList>(`/api/v1/teams/${encodeURIComponent(teamUID)}/pipelines`);
      return `${formatCount(list.pipelines.length, 'pipeline')} you can see.`;
    }),
    await timed('Selector packs', async () => {
      const { packs } = await read<{ packs: { platform: SocialPlatform; version: number }[] }>(
        '/api/v1/extension/selectors',
      );
      return packs.map((pack) => `${formatPlatformName(pack.platform)} v${pack.version}`).join(', ');
    }),
  ];
}
