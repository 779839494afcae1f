// Pieces of command declarations shared by the CRM areas.
import type { ArgSpec, OptSpec } from './types.js';

/** page / limit / search, the list query parameters the service uses. */
export const LIST_OPTIONS: OptSpec[] = [
  { flags: '--page <n>', description: 'page number (default 1)' },
  { flags: '--limit <n>', description: 'rows per page (default 10, or 50 for tags and quick replies; max 100)' },
  { flags: '--search <text>', description: 'filter by text' },
];
export const LIST_QUERY = { page: 'page', limit: 'limit', search: 'search' };

/** A required id argument (a path parameter). */
export const idArg = (name: string, description: string): ArgSpec => ({ name, description, required: true });

/** One or more ids (a body `ids` list). */
export const idsArg = (description: string): ArgSpec => ({ name: 'ids', description, required: true, variadic: true });
