// Pieces of command declarations shared by the CRM areas.
import type { ArgSpec, OptSpec } from './types.js';

/** Paging of every list the server pages (commands/list.ts reads them). */
export const PAGE_OPTIONS: OptSpec[] = [
  { flags: '--page <n>', description: 'page number (default 1)' },
  { flags: '--limit <n>', description: 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' },
  { flags: '--all', description: 'every page (jsonl, csv and json stream as pages arrive)' },
  { flags: '--max-items <n>', description: 'stop after N records (implies --all)' },
];

/** page / limit / search, the list query parameters the service uses, and --all. */
export const LIST_OPTIONS: OptSpec[] = [...PAGE_OPTIONS, { flags: '--search <text>', description: 'filter by text' }];
export const LIST_QUERY = { search: 'search' };

/**
 * The description of a list the service answers whole (a fixed catalogue, a ranking): it takes
 * no paging flags, and says so in --help and docs/commands.md.
 */
export const unpaged = (summary: string, what: string) => `${summary}. Not paged: the service answers ${what} in one response, so there is no --page, --limit or --all.`;

/** A required id argument (a path parameter). */
export const idArg = (name: string, description: string): ArgSpec => ({ name, description, required: true });

/** One or more ids (a body `ids` list). */
export const idsArg = (description: string): ArgSpec => ({ name: 'IDS', description, required: true, variadic: true });
