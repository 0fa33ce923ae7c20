import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt, serverArgs } from '../../server/scripts/build.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface Proc {
  child: ChildProcess;
  port: number;
  url: string;
  stop(): Promise<void>;
}

/**
 * Node's arguments that run the shop as `npm start` does: the bundled server (server/dist/main.js,
 * rebuilt first when older than its sources) with the production node flags, not the sources under tsx.
 */
export async function productionServer(): Promise<string[]> {
  await ensureServerBuilt();
  return serverArgs();
}

/** Started processes still running: stopped with the bench, however it ends. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) {
    try {
      // The whole process group: a started process is its leader (detached).
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }
});
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const) {
  process.once(signal, () => process.exit(code));
}

/**
 * Runs `command` with `env` and waits until `url + readyPath` answers: a TypeScript file (run under
 * node + tsx), or node's arguments as they are (see `productionServer`).
 */
export async function startProcess(
  command: string | string[],
  env: Record<string, string>,
  readyPath: string,
  timeoutMs = 180_000,
): Promise<Proc> {
  const port = await freePort();
  // BENCH_PROFILE=dir writes a V8 CPU profile of each started process there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const args = typeof command === 'string' ? ['--import', 'tsx', command] : command;
  const file = args.at(-1);
  const child = spawn(process.execPath, [...profile, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A session of its own, as a server started by a service manager or in its own terminal has.
    // Linux shares CPU between sessions first (autogroups): in the load generator's session the
    // server would have to share one session's share with the load generator.
    detached: true,
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${file} exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(url + readyPath);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${file} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, port, url, stop };
}

/** Resident memory of a process in MB (Linux /proc), or NaN elsewhere. */
export function rssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak. */
export function sampleRss(pid: number | undefined, everyMs = 200): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now > peak || Number.isNaN(peak)) peak = now;
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux); NaN elsewhere. The
 * difference over a run, divided by the work done, does not depend on how busy the machine is.
 */
export function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

/** Runs a command to completion (the seed CLI), failing with its output. */
export function runCommand(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}
