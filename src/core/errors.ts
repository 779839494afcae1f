// Every failure the CLI reports is one of these classes; exitCodeFor() is the single
// place that maps them to the exit codes of COMMANDS.md.

export const EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  rejected: 5,
  rateLimited: 6,
  server: 7,
  interrupted: 130,
  /** SIGHUP and SIGTERM, as a shell reports a death by those signals (128 + number). */
  hangup: 129,
  terminated: 143,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad input: nothing was sent. */
export class UsageError extends CliError {
  constructor(message: string, code = 'usage') {
    super(message, EXIT.usage, undefined, code);
  }
}

/** No key configured, or the server refused it (401/403). */
export class AuthError extends CliError {
  constructor(message: string, status?: number) {
    super(message, EXIT.auth, status, 'auth');
  }
}

export class InterruptedError extends CliError {
  constructor(message = 'Interrupted', exitCode: ExitCode = EXIT.interrupted) {
    super(message, exitCode, undefined, 'interrupted');
  }
}

/** The network failed or timed out. `written` says whether the request may have reached the server. */
export class NetworkError extends CliError {
  constructor(
    message: string,
    readonly written: boolean,
    code = 'network',
  ) {
    super(message, EXIT.server, undefined, code);
  }
}

/**
 * The server answered, but not with a success the CLI can trust: a redirect (never followed),
 * a 2xx that should be JSON and is not, a 204 where a body is due, a body over the size cap, or
 * a profile without a user.
 */
export class ResponseError extends CliError {
  constructor(message: string, status: number | undefined, code: 'redirect' | 'not_json' | 'no_content' | 'too_large' | 'no_user') {
    super(message, EXIT.server, status, code);
  }
}

export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404) return EXIT.notFound;
  if (status === 429) return EXIT.rateLimited;
  if (status >= 500) return EXIT.server;
  if (status >= 400) return EXIT.rejected;
  return EXIT.unexpected;
}

/** The server answered with an error status. */
export class ApiError extends CliError {
  constructor(
    message: string,
    status: number,
    readonly body?: unknown,
  ) {
    super(message, exitCodeForStatus(status), status, `http_${status}`);
  }
}

/** The same failure with more said about it: same class of exit, status and code. */
export function withDetail(err: unknown, detail: string): unknown {
  return err instanceof CliError ? new CliError(`${err.message}${detail}`, err.exitCode, err.status, err.code) : err;
}

export function exitCodeFor(err: unknown): ExitCode {
  return err instanceof CliError ? err.exitCode : EXIT.unexpected;
}
