import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  url: string;
  /** Seconds from spawn to the first healthy answer. */
  startSeconds: number;
  /** Server-side times (Fastify's responseTime, ms) of the completed requests to `pathname`, in order. */
  responseTimes(pathname: string): number[];
  stop(): Promise<void>;
}

interface LogLine {
  req?: { method?: string; url?: string };
  responseTime?: number;
}

/** Runs the real server (as `npm start` would) in its own process, logging requests to a file. */
export async function startServerProcess(options: {
  port: number;
  env: Record<string, string>;
  logFile: string;
}): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const fd = openSync(options.logFile, 'w');
  const started = performance.now();
  // BENCH_CPU_PROFILE=<folder> writes the server's CPU profile there when it stops, to see where a
  // figure's time goes (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROFILE;
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    stdio: ['ignore', fd, fd],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production will not start without one; the bench's connections are thrown away with it.
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
      // The webhook figure's receiver runs on this machine.
      CONNECTIONS_ALLOW_PRIVATE_ADDRESSES: 'true',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      APP_URL: url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      AUTH_SIGNIN_MAX_ATTEMPTS: '100000',
      // A 100,000-row CSV is larger than the default 1 MB body limit of JSON requests.
      BODY_LIMIT_BYTES: String(64 * 1024 * 1024),
      ...options.env,
    },
  });
  closeSync(fd);
  let exited = false;
  child.on('exit', () => (exited = true));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`The server stopped while starting; see ${options.logFile}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`The server did not start in 2 minutes; see ${options.logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const startSeconds = (performance.now() - started) / 1000;
  return {
    url,
    startSeconds,
    responseTimes(pathname) {
      const times: number[] = [];
      for (const text of readFileSync(options.logFile, 'utf8').split('\n')) {
        if (!text.startsWith('{')) continue;
        let line: LogLine;
        try {
          line = JSON.parse(text) as LogLine;
        } catch {
          continue;
        }
        // One line per answered request names its path and its time.
        if (line.responseTime !== undefined && line.req?.url?.split('?')[0] === pathname)
          times.push(line.responseTime);
      }
      return times;
    },
    async stop() {
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
    },
  };
}
