// auth: session authentication and profile (spec 4.4).
import type { CmdSpec } from './types.js';

export const auth: CmdSpec = {
  name: 'auth',
  summary: 'Session authentication and the profile of the key',
  subcommands: [
    {
      name: 'profile',
      summary: 'Show the user the API key belongs to',
      op: { id: 'auth.profile' },
      examples: ['chatcrm auth profile', 'chatcrm auth profile --json'],
    },
  ],
};
