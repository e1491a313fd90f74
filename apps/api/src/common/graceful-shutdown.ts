import type { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import type { LoggerService } from '@nestjs/common';

/** The signals that stop the API cleanly (Docker and Kubernetes send SIGTERM, a terminal SIGINT). */
export const SHUTDOWN_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/** How long in-flight requests get after the signal; below the 30 s stop grace period docker/compose.yaml gives. */
export const DRAIN_DEADLINE_MS = 20_000;

/**
 * On SIGTERM, Nest's shutdown hooks (see configureApp) close the HTTP server, which waits for in-flight
 * requests, then close the database pool, then exit 0. But Node's `server.close()` only closes connections
 * idle at that moment: a keep-alive connection whose request finishes later stays open until
 * `keepAliveTimeout`, and a proxy's pooled connections can hold the exit back. So from the signal on, close
 * each connection as soon as it goes idle, and cut whatever is still open after a deadline, so one stuck
 * request cannot keep the pool open until the orchestrator kills the process.
 */
export function drainOnShutdown(
  server: Server,
  logger: Pick<LoggerService, 'log' | 'warn'>,
  { deadlineMs = DRAIN_DEADLINE_MS, signals = process }: { deadlineMs?: number; signals?: Pick<EventEmitter, 'on'> } = {},
): void {
  let draining = false;
  const drain = (signal: NodeJS.Signals): void => {
    if (draining) return;
    draining = true;
    logger.log(`${signal} received: finishing in-flight requests, then closing the database pool`, 'Shutdown');
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      logger.warn(`Requests still running ${deadlineMs} ms after ${signal}: closing their connections`, 'Shutdown');
      server.closeAllConnections();
    }, deadlineMs);
    idle.unref();
    deadline.unref();
    server.once('close', () => {
      clearInterval(idle);
      clearTimeout(deadline);
    });
  };
  for (const signal of SHUTDOWN_SIGNALS) signals.on(signal, drain);
}
