import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

const apiTarget = process.env.GROUPTRACK_API_URL ?? 'http://localhost:3000';

/** ARCHITECTURE.md: the sign-in page and the app shell each stay under 250 kB of gzipped JS. */
const BUDGET_BYTES = 250 * 1024;

/** A feature's public entry point: `src/features/<feature>/index.ts`. */
const FEATURE_INDEX = /\/src\/features\/[^/]+\/index\.ts$/;

/** First screens whose JS (entry + the route's chunk + everything they import up front) is measured. */
const BUDGETED_SCREENS = {
  'sign-in (/login)': ['src/routes/login.tsx'],
  'app shell (/contacts/pipeline)': ['src/app/main-layout.tsx', 'src/routes/pipeline-view.tsx'],
};

interface ChunkInfo {
  code: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

function collectStaticImports(chunks: Map<string, ChunkInfo>, start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const fileName = queue.pop()!;
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    queue.push(...(chunks.get(fileName)?.imports ?? []));
  }
  return seen;
}

/** Reports the gzipped JS of each budgeted screen after a build, and fails the build over budget. */
function firstLoadBudget(): Plugin {
  return {
    name: 'grouptrack-first-load-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item);
      }
      const entries = [...chunks.entries()]
        .filter(([, chunk]) => chunk.isEntry)
        .map(([fileName]) => fileName);
      const over: string[] = [];
      for (const [screen, modules] of Object.entries(BUDGETED_SCREENS)) {
        const starts = modules.map((module) => {
          const found = [...chunks.entries()].find(([, chunk]) => chunk.facadeModuleId?.endsWith(module));
          if (!found) throw new Error(`No chunk for ${module}; is it still loaded lazily?`);
          return found[0];
        });
        const files = collectStaticImports(chunks, [...entries, ...starts]);
        const bytes = [...files].reduce(
          (sum, file) => sum + gzipSync(chunks.get(file)?.code ?? '').length,
          0,
        );
        const line = `${screen}: ${(bytes / 1024).toFixed(1)} kB gzipped JS in ${files.size} chunks`;
        this.info(line);
        if (bytes > BUDGET_BYTES) over.push(line);
      }
      if (over.length > 0) this.error(`Over the 250 kB first-load budget:\n  ${over.join('\n  ')}`);
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing: a file smaller than a packet gains nothing. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const COMPRESS_FROM_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each built text file, compressed once at the
 * best level, so the server sends the one a browser accepts without compressing on each request
 * (@fastify/static's preCompressed). The app's scripts are about a quarter of their size in Brotli.
 */
function precompress(): Plugin {
  return {
    name: 'grouptrack-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const filePath = path.join(outDir, fileName);
          const content = await readFile(filePath);
          if (content.length < COMPRESS_FROM_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
            gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${filePath}.br`, br), writeFile(`${filePath}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), firstLoadBudget(), precompress()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/functions': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    rolldownOptions: {
      // A feature's index.ts only lists what the feature offers to the rest of the app. Marking it free of side
      // effects lets each route's chunk take just the pieces it uses, not everything the index lists.
      treeshake: { moduleSideEffects: (id) => !FEATURE_INDEX.test(id) },
    },
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
