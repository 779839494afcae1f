// Every failure the CLI reports is one of these classes; exitCodeFor() is the single
// place that maps them to the exit codes of docs/contract.md.

export const EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  rejected: 5,
  rateLimited: 6,
  server: 7,
  /** A wait (--wait) ran out of time; the action itself was done. */
  waitTimeout: 8,
  /** `workspace diff --exit-code` found changes: a result, never an error. */
  differences: 9,
  interrupted: 130,
  /** SIGHUP and SIGTERM, as a shell reports a death by those signals (128 + number). */
  hangup: 129,
  terminated: 143,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * The `code` of a JSON error (`{"error": {"message", "status", "code"}}` on stderr with --json),
 * one vocabulary (README, "JSON errors"). An error status the server answered is `http_<status>`.
 */
export const ERROR_CODES = {
  usage: 'bad input: an unknown command or option, a missing or invalid value (nothing was sent)',
  confirmation_required: 'a destructive command without --yes and no terminal to ask on',
  cancelled: 'the confirmation prompt was declined (nothing was sent)',
  config: 'the config file cannot be read',
  config_dir: 'the config dir cannot be made private',
  insecure_credentials: 'the credentials file is a link, not ours, or readable by others',
  auth: 'no key, or the server refused it (401, 403)',
  no_group_capability: 'the sender cannot send to groups',
  not_found: 'a record the command looks up first does not exist',
  rejected: 'the server or the tool endpoint refused the request',
  mcp_error: 'the tool endpoint answered a JSON-RPC error',
  failed: 'a batch row was refused (sent again by --resume)',
  uncertain: 'a batch row may have been sent (not sent again without --retry-uncertain)',
  batch_incomplete: 'a batch run ended with failed or uncertain rows',
  journal_locked: 'another run is using the batch journal',
  export_failed: 'the export job failed on the server',
  rate_limited: 'rate limited after retries',
  server: 'the server failed',
  timeout: 'a request or a wait timed out',
  message_failed: 'a message waited for (--wait) failed; the reason is in the message',
  network: 'the connection failed',
  redirect: 'the server answered a redirect (never followed)',
  not_json: 'the server answered something else where JSON is due',
  no_content: 'the server answered 204 (no content) where a body is due',
  bad_answer: 'a 2xx the CLI cannot act on: not the list asked for, success: false, or a record without an id of its own',
  too_large: 'the answer was larger than the size cap',
  stale_plan: 'a saved workspace plan whose records changed on the server since it was made (nothing was sent)',
  no_user: 'the key check (GET /api/auth/profile) answered without a user: not the chatcrm API?',
  interrupted: 'stopped by Ctrl-C, SIGTERM or SIGHUP',
  unexpected: 'a bug: please report it',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES | `http_${number}`;

/** The code of an error that names none: its exit code's. */
const CODE_OF_EXIT: Record<ExitCode, ErrorCode> = {
  [EXIT.ok]: 'unexpected',
  [EXIT.unexpected]: 'unexpected',
  [EXIT.usage]: 'usage',
  [EXIT.auth]: 'auth',
  [EXIT.notFound]: 'not_found',
  [EXIT.rejected]: 'rejected',
  [EXIT.rateLimited]: 'rate_limited',
  [EXIT.server]: 'server',
  [EXIT.waitTimeout]: 'timeout',
  [EXIT.differences]: 'unexpected',
  [EXIT.interrupted]: 'interrupted',
  [EXIT.hangup]: 'interrupted',
  [EXIT.terminated]: 'interrupted',
};

export class CliError extends Error {
  readonly code: ErrorCode;

  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly status?: number,
    code?: ErrorCode,
  ) {
    super(message);
    this.name = new.target.name;
    this.code = code ?? CODE_OF_EXIT[exitCode];
  }
}

/** Bad input: nothing was sent. */
export class UsageError extends CliError {
  constructor(message: string, code: ErrorCode = 'usage') {
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
    code: 'network' | 'timeout' = 'network',
  ) {
    super(message, EXIT.server, undefined, code);
  }
}

/**
 * The server answered, but not with a success the CLI can trust: a redirect (never followed),
 * a 2xx that should be JSON and is not, a 204 where a body is due, a body over the size cap, a
 * profile without a user, or a list answer that is not a list (or whose records have no id of
 * their own where one is needed).
 */
export class ResponseError extends CliError {
  constructor(message: string, status: number | undefined, code: 'redirect' | 'not_json' | 'no_content' | 'too_large' | 'no_user' | 'bad_answer') {
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
