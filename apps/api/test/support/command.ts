import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** How a command ended: its exit code or signal, and everything it wrote (stdout and stderr together). */
export interface CommandRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/**
 * Starts one of the API's commands (`apps/api/src/<script>.ts`, such as `db-backup`) from source through swc, as a
 * process of its own in the checkout's root, with only `env` for its environment; `done` is how it ended.
 */
export function startCommand(script: string, args: string[], env: NodeJS.ProcessEnv): { process: ChildProcess; done: Promise<CommandRun> } {
  const cli = spawn(process.execPath, ['--import', './apps/api/test/support/ts-register.mjs', `apps/api/src/${script}.ts`, ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  cli.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  cli.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<CommandRun>((resolve) => cli.once('exit', (code, signal) => resolve({ code, signal, output })));
  return { process: cli, done };
}

/** Runs a command as {@link startCommand} starts it, in a test environment (`NODE_ENV=test`, PATH, and `env`). */
export function runCommand(script: string, env: Record<string, string>): Promise<CommandRun> {
  return startCommand(script, [], { PATH: process.env.PATH, NODE_ENV: 'test', ...env }).done;
}
