// Runs docker/nginx.conf the way the web image does, with Debian's nginx and without root: the template rendered
// like the nginx image's entrypoint renders it, inside a main config equivalent to the unprivileged image's own
// nginx.conf, with pid, logs and temp files in a temporary folder.
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runToEnd, startProcess, waitFor } from './processes.mjs';

/** Debian installs nginx in /usr/sbin, which is not on every user's PATH. */
export function nginxBinary() {
  for (const candidate of [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error("nginx is not installed: `apt-get install nginx` (Debian's package; .ci/run installs it)");
}

/**
 * What the image's entrypoint (20-envsubst-on-templates.sh) does: replace `${NAME}` for each NAME defined in the
 * environment and leave everything else, nginx's own `$variables` included, as it is.
 */
export function renderTemplate(template, env) {
  return template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) => (name in env ? env[name] : whole));
}

/** The `${NAME}` variables a template expects from the environment (comment lines aside). */
export function templateVariables(template) {
  const config = template
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');
  return [...new Set([...config.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1]))];
}

/**
 * Renders `templatePath` with `env` into `dir` and starts nginx on it. `dir` must be reachable by nginx's
 * workers: when the tests run as root, workers run as `nobody`.
 */
export async function startNginx({ templatePath, env, dir }) {
  const binary = nginxBinary();
  const rendered = renderTemplate(await readFile(templatePath, 'utf8'), env);
  const leftover = templateVariables(rendered);
  if (leftover.length) throw new Error(`docker/nginx.conf needs ${leftover.join(', ')} from the environment`);
  await mkdir(path.join(dir, 'logs'), { recursive: true });
  await chmod(dir, 0o755);
  await writeFile(path.join(dir, 'default.conf'), rendered);
  // The unprivileged image's /etc/nginx/nginx.conf, with its paths moved into `dir`.
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
error_log stderr notice;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    client_body_temp_path ${dir}/client_temp;
    proxy_temp_path ${dir}/proxy_temp;
    fastcgi_temp_path ${dir}/fastcgi_temp;
    uwsgi_temp_path ${dir}/uwsgi_temp;
    scgi_temp_path ${dir}/scgi_temp;
    sendfile on;
    keepalive_timeout 65;
    include ${dir}/default.conf;
}
`,
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf')];
  const check = await runToEnd(binary, [...args, '-t'], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (check.code !== 0) throw new Error(`nginx -t refused the rendered config:\n${check.stderr}\n${rendered}`);
  const stdoutPath = path.join(dir, 'stdout.log');
  const stdoutFd = openSync(stdoutPath, 'a');
  const nginx = startProcess(binary, args, { name: 'nginx', stdoutFd });
  closeSync(stdoutFd);
  /** What nginx wrote to its stdout (the JSON access log), as lines. */
  nginx.stdoutLines = () => readFileSync(stdoutPath, 'utf8').split('\n').filter(Boolean);
  await waitFor(`nginx on port ${env.NGINX_PORT}`, async () => {
    if (!nginx.running) throw new Error(`nginx exited: ${nginx.output()}`);
    return (await fetch(`http://127.0.0.1:${env.NGINX_PORT}/index.html`, { method: 'HEAD' })).ok;
  });
  return nginx;
}
