import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * What the launcher needs to know about other processes to recover from a crash: is a PID still
 * running, what does it run, when did it start (to tell a reused PID from the original process),
 * and who holds a TCP port. /proc on Linux; `ps` elsewhere, where /proc is missing.
 */

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function procStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** True while the process exists and is not a zombie (an orphan whose reaper has not collected it yet). */
export function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return procStat(pid)?.[0] !== 'Z';
}

/** The process's start time in clock ticks since boot (Linux), or undefined where unknown. */
export function processStartTime(pid: number): string | undefined {
  return procStat(pid)?.[19];
}

/** The command line, arguments separated by spaces; undefined when the process is gone. */
export function commandLine(pid: number): string | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').filter(Boolean).join(' ');
  } catch {
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      return undefined;
    }
  }
}

/** The working directory (PostgreSQL runs in its data directory), where this process may read it. */
export function workingDirectory(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}

/**
 * Asks a process to stop and waits: each signal in turn gets its share of the time, the last one
 * (normally SIGKILL) is sent when the time is up. Resolves with the signal that ended it, or
 * undefined when it had already gone.
 */
export async function stopProcess(
  pid: number,
  steps: { signal: NodeJS.Signals; waitMs: number }[],
): Promise<NodeJS.Signals | undefined> {
  if (!isRunning(pid)) return undefined;
  for (const { signal, waitMs } of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return signal;
    }
    const until = Date.now() + waitMs;
    while (Date.now() < until) {
      if (!isRunning(pid)) return signal;
      await sleep(25);
    }
    if (!isRunning(pid)) return signal;
  }
  throw new Error(`process ${pid} did not stop after ${steps.map((step) => step.signal).join(', ')}`);
}

/** The socket inodes listening on a TCP port, from /proc/net/tcp and tcp6. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; field 9 is the socket's inode.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A' && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** The process listening on a TCP port, where this process may see it (Linux; same user or root). */
export function portHolder(port: number): { pid: number; command: string } | undefined {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return undefined;
  const targets = new Set([...inodes].map((inode) => `socket:[${inode}]`));
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (targets.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) {
          return { pid: Number(pid), command: commandLine(Number(pid)) ?? 'unknown command' };
        }
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return undefined;
}
