// Child processes for the ops tests: the API and nginx run as real processes, their output kept as lines.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** The ops tests' own port range (3200-3299), so they never meet another engineer's servers. */
const PORT_RANGE = [3200, 3299];
let nextPort = PORT_RANGE[0] + Math.floor(Math.random() * 50);

/** A port of the range that is free right now. */
export async function freePort() {
  for (let tries = 0; tries <= PORT_RANGE[1] - PORT_RANGE[0]; tries += 1) {
    const port = nextPort;
    nextPort = port >= PORT_RANGE[1] ? PORT_RANGE[0] : port + 1;
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port in ${PORT_RANGE.join('-')}`);
}

function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Polls `check` until it returns something truthy; fails with `what` after `timeoutMs`. Not a timing assertion. */
export async function waitFor(what, check, { timeoutMs = 30_000, intervalMs = 50 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      const result = await check();
      if (result) return result;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${lastError ? ` (last error: ${lastError.message})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Starts a process and keeps its stdout and stderr as lines. `exited` settles with {code, signal}.
 * `stop()` sends SIGTERM (then SIGKILL if it lingers) and waits for the exit.
 */
export function startProcess(command, args, { cwd, env, name = command, stdoutFd }) {
  // A file descriptor for stdout when the process opens /dev/stdout itself (nginx's access_log): Node's 'pipe' is
  // a socket pair, which /dev/stdout cannot be opened on (ENXIO); a container's stdout is a pipe, which can.
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'] });
  const stdout = [];
  const stderr = [];
  const collect = (stream, lines) => {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop();
      lines.push(...parts);
    });
    stream.on('end', () => partial && lines.push(partial));
  };
  if (child.stdout) collect(child.stdout, stdout);
  collect(child.stderr, stderr);
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  let running = true;
  void exited.then(() => (running = false));
  return {
    child,
    name,
    stdout,
    stderr,
    exited,
    get running() {
      return running;
    },
    output: () => [...stdout, ...stderr].join('\n'),
    async stop() {
      if (!running) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** Runs a command to completion: {code, stdout, stderr}. */
export function runToEnd(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The store's JSON log lines among `lines` (every stdout line should be one). */
export function jsonLines(lines) {
  return lines.filter((line) => line.trim() !== '').map((line) => JSON.parse(line));
}

/** An environment like a container's: no developer or CI variables leak into the process under test. */
export function containerEnv(extra) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? '/tmp', ...extra };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}
