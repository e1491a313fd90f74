// A small Dockerfile reader and a replayer for the instructions our images use (FROM, ARG, ENV, WORKDIR, COPY,
// RUN, USER, EXPOSE, HEALTHCHECK, STOPSIGNAL, CMD). The production-start test replays the API image's runtime
// stage with it, so the test runs the Dockerfile's own commands rather than a copy of them.
import { spawn } from 'node:child_process';
import { cp, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Instructions grouped by stage; `args` holds the build arguments declared before the first FROM. */
export function parseDockerfile(text) {
  const instructions = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (!pending && line === '')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    instructions.push(parseInstruction(pending + line));
    pending = '';
  }
  if (pending) instructions.push(parseInstruction(pending));

  const args = {};
  const stages = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'ARG' && stages.length === 0) {
      const [name, value = ''] = instruction.rest.split('=');
      args[name] = value;
    } else if (instruction.keyword === 'FROM') {
      const [image, as, name] = instruction.rest.split(/\s+/);
      stages.push({
        image: image.replace(/\$\{(\w+)\}/g, (_, arg) => args[arg] ?? ''),
        name: as?.toUpperCase() === 'AS' ? name : undefined,
        instructions: [],
      });
    } else {
      stages.at(-1).instructions.push(instruction);
    }
  }
  return { args, stages };
}

function parseInstruction(line) {
  const match = /^(\w+)\s+([\s\S]*)$/.exec(line);
  if (!match) throw new Error(`Unreadable Dockerfile line: ${line}`);
  const keyword = match[1].toUpperCase();
  let rest = match[2].trim();
  const flags = {};
  // Leading --flag=value options (COPY --from, RUN --mount, HEALTHCHECK --interval ...).
  for (let flag = /^--([\w-]+)=(\S+)\s+/.exec(rest); flag; flag = /^--([\w-]+)=(\S+)\s+/.exec(rest)) {
    flags[flag[1]] = flag[2];
    rest = rest.slice(flag[0].length);
  }
  const instruction = { keyword, flags, rest };
  if (keyword === 'HEALTHCHECK') {
    const command = /^CMD\s+([\s\S]*)$/.exec(rest);
    instruction.command = command ? execForm(command[1]) : undefined;
  } else if (keyword === 'CMD' || keyword === 'ENTRYPOINT') {
    instruction.command = execForm(rest);
  } else if (keyword === 'ENV') {
    instruction.env = parseEnv(rest);
  }
  return instruction;
}

/** `["node", "x.js"]` as an array; a shell-form command as `["/bin/sh", "-c", command]`, as Docker runs it. */
function execForm(text) {
  return text.startsWith('[') ? JSON.parse(text) : ['/bin/sh', '-c', text];
}

function parseEnv(text) {
  const env = {};
  for (const match of text.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    env[match[1]] = match[2].startsWith('"') ? JSON.parse(match[2]) : match[2];
  }
  return env;
}

/**
 * Replays one stage on this machine: `root` plays the image's WORKDIR, COPY takes files from `context` (the
 * build context) or, with --from=<stage>, from `stageOutputs[stage]` (a folder holding what that stage built
 * at its WORKDIR), RUN runs through /bin/sh with the ENV so far. USER, EXPOSE and STOPSIGNAL are recorded.
 * Returns what is needed to start the image: its env, command, healthcheck, user, ports.
 */
export async function replayStage(stage, { context, stageOutputs, stageWorkdirs, root, runEnv = {}, log = () => undefined }) {
  const image = {
    env: {},
    workdir: undefined,
    user: 'root',
    exposed: [],
    command: undefined,
    healthcheck: undefined,
    stopSignal: 'SIGTERM',
  };
  const hostPath = (imagePath) => {
    if (!image.workdir) throw new Error('COPY/RUN before WORKDIR: the replay maps WORKDIR to a temporary folder');
    const absolute = path.posix.resolve(image.workdir, imagePath);
    const relative = path.posix.relative(image.workdir, absolute);
    if (relative.startsWith('..')) throw new Error(`${imagePath} is outside WORKDIR ${image.workdir}: cannot replay`);
    return path.join(root, relative);
  };

  for (const instruction of stage.instructions) {
    switch (instruction.keyword) {
      case 'WORKDIR':
        image.workdir = instruction.rest;
        await mkdir(root, { recursive: true });
        break;
      case 'ENV':
        Object.assign(image.env, instruction.env);
        break;
      case 'COPY': {
        const parts = instruction.rest.split(/\s+/);
        const destination = parts.pop();
        const from = instruction.flags.from;
        for (const source of parts) {
          let sourcePath;
          if (from) {
            const stageRoot = stageWorkdirs[from];
            const relative = path.posix.relative(stageRoot, source);
            if (relative.startsWith('..')) throw new Error(`COPY --from=${from} ${source}: outside that stage's WORKDIR ${stageRoot}`);
            sourcePath = path.join(stageOutputs[from], relative);
          } else {
            sourcePath = path.join(context, source);
          }
          const target = hostPath(destination);
          const isDirectory = (await stat(sourcePath)).isDirectory();
          // Docker copies a directory's contents; a file into a folder when the destination ends with '/'.
          const to = isDirectory || !destination.endsWith('/') ? target : path.join(target, path.basename(source));
          log(`COPY ${from ? `--from=${from} ` : ''}${source} -> ${destination}`);
          await mkdir(isDirectory ? to : path.dirname(to), { recursive: true });
          await cp(sourcePath, to, { recursive: true, verbatimSymlinks: true });
        }
        break;
      }
      case 'RUN':
        log(`RUN ${instruction.rest}`);
        await run('/bin/sh', ['-c', instruction.rest], { cwd: hostPath('.'), env: { ...process.env, ...image.env, ...runEnv } });
        break;
      case 'USER':
        image.user = instruction.rest;
        break;
      case 'EXPOSE':
        image.exposed.push(...instruction.rest.split(/\s+/).map((port) => Number.parseInt(port, 10)));
        break;
      case 'STOPSIGNAL':
        image.stopSignal = instruction.rest;
        break;
      case 'HEALTHCHECK':
        image.healthcheck = { command: instruction.command, flags: instruction.flags };
        break;
      case 'CMD':
        image.command = instruction.command;
        break;
      case 'ARG':
        break;
      default:
        throw new Error(`The replay does not know ${instruction.keyword}; teach docker/test/support/dockerfile.mjs`);
    }
  }
  return image;
}

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.at(-1)} exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}
