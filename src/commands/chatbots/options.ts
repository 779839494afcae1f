// The options of chatbots' commands with code, declared once: the manifest builds them (manifest/chatbots.ts), the
// commands read their type (OptsOf). Data only.
import type { OptSpec } from '../../runtime/command-types.js';

export const EXTRACT_DOC_OPTIONS = [{ flags: '--chatbot <id>', description: 'chatbot whose knowledge base gets the document (form field chatbot_id)' }] as const satisfies readonly OptSpec[];
