// CRM workspace: teams, taxes, quick replies, chatbots, message status, reply materials,
// notifications, campaigns (REST). Filled in by the CRM issue.
import type { CmdSpec } from './types.js';

export const crmWorkspace: CmdSpec[] = [];
/** campaigns insights / report / publish / recurring. */
export const campaignsRest: CmdSpec[] = [];
