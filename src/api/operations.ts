// Every endpoint of the service (docs/service-api.md 4.1–4.18 and 6) as data. The HTTP client
// calls operations by id, commands map flags onto them, and the sandbox routes by them.
// test/unit/operations.test.ts checks this table against the spec's endpoint tables.
import { UsageError } from '../core/errors.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a success answer is: `json` (the default; any other 2xx body is an error), `rpc` (the
 * same, or a text/event-stream carrying JSON-RPC messages: MCP's streamable HTTP), `text`
 * (free-form: JSON when it is JSON, else the text) or `file` (streamed to disk, not capped,
 * not parsed). A success with no body at all (204, 205, an empty 2xx) is one only where
 * `noContent` says so.
 */
export type ResponseKind = 'json' | 'rpc' | 'text' | 'file';

export interface Operation {
  method: Method;
  /** Path template; `{name}` segments are filled from path params, URL-encoded. */
  path: string;
  /** `mcp` operations are sent to {mcp_url}, the rest to {base_url}. */
  base?: 'api' | 'mcp';
  /** Request body schema, `<file>.<export>` under src/schemas (see schemas/index.ts). */
  body?: string;
  /** The request is multipart/form-data. */
  multipart?: boolean;
  /** Query parameters the spec names for this endpoint. */
  query?: readonly string[];
  /** No x-api-key: the caller is the channel provider, verified by signature or token. */
  noAuth?: boolean;
  /** What a 2xx answer carries, when not JSON (see ResponseKind). */
  response?: ResponseKind;
  /**
   * A success may have no body (204 No Content). The spec shows no response bodies; the
   * conventions give every API route a JSON body, so only the endpoints that speak other
   * protocols say so: a health check, MCP (a notification is answered 202 with no body) and
   * the provider's webhook receiver. Anywhere else a 204 is an error (exit 7).
   */
  noContent?: true;
  /**
   * Not in the spec's endpoint tables: an area the spec names without giving its shape
   * (section 4 preamble, 9.2 aliases) or a job the service runs (docs/service-api.md 10).
   */
  offTable?: true;
  /** A POST that only reads (the status query): a lost answer leaves nothing on the server in doubt. */
  readOnly?: true;
  summary: string;
}

const op = <T extends Record<string, Operation>>(t: T) => t;

export const operations = op({
  // 4.1 Chat messages (v2)
  'chat.senders': { method: 'GET', path: '/api/v2/chat/senders', summary: 'List active senders' },
  'chat.send': { method: 'POST', path: '/api/v2/chat/messages', body: 'chat.sendRequest', summary: 'Send a message' },
  'chat.sendFile': { method: 'POST', path: '/api/v2/chat/messages', multipart: true, summary: 'Send a message with a local file' },
  'chat.groups': { method: 'GET', path: '/api/v2/chat/groups', query: ['sender_id'], summary: 'List joined groups' },
  'chat.groupMembers': { method: 'GET', path: '/api/v2/chat/groups/{group_id}/members', query: ['sender_id'], summary: 'List group members' },
  'chat.groupSend': { method: 'POST', path: '/api/v2/chat/groups/messages', body: 'chat.groupRequest', summary: 'Send a message to a group' },

  // 4.2 Templates
  'templates.create': { method: 'POST', path: '/api/v2/templates/create', body: 'templates.createRequest', summary: 'Create a message template' },
  'templates.list': { method: 'GET', path: '/api/v2/templates', offTable: true, summary: 'List message templates' },

  // 4.3 Automation flows
  'flows.list': { method: 'GET', path: '/api/automation', query: ['status'], summary: 'List flows' },
  'flows.get': { method: 'GET', path: '/api/automation/{flow_id}', summary: 'Show a flow' },
  'flows.create': { method: 'POST', path: '/api/automation', body: 'flows.flow', summary: 'Create a flow' },
  'flows.update': { method: 'PUT', path: '/api/automation/{flow_id}', body: 'flows.flowPatch', summary: 'Update a flow' },
  'flows.delete': { method: 'DELETE', path: '/api/automation/{flow_id}', body: 'flows.deleteRequest', summary: 'Delete a flow (soft)' },
  'flows.toggle': { method: 'PATCH', path: '/api/automation/{flow_id}/toggle', summary: 'Toggle a flow active' },
  'flows.togglePause': { method: 'PATCH', path: '/api/automation/{flow_id}/toggle-pause', summary: 'Toggle a flow paused' },
  'flows.test': { method: 'POST', path: '/api/automation/{flow_id}/test', body: 'flows.testRequest', summary: 'Test a flow with a message' },
  'flows.nodeTypes': { method: 'GET', path: '/api/automation/node-types', summary: 'List node types' },
  'flows.suggest': { method: 'POST', path: '/api/automation/suggest', body: 'flows.suggestRequest', summary: 'Suggest a flow (AI)' },
  'flows.executions': { method: 'GET', path: '/api/automation/{flow_id}/executions', summary: 'List executions of a flow' },
  'flows.execution': { method: 'GET', path: '/api/automation/executions/{execution_id}', summary: 'Show an execution' },
  'flows.statistics': { method: 'GET', path: '/api/automation/statistics', summary: 'Flow statistics' },

  // 4.4 Session authentication and profile
  'auth.register': { method: 'POST', path: '/api/auth/register', body: 'auth.register', summary: 'Register a user' },
  'auth.login': { method: 'POST', path: '/api/auth/login', body: 'auth.login', summary: 'Log in' },
  'auth.verifyOtp': { method: 'POST', path: '/api/auth/verify-otp', body: 'auth.verifyOtp', summary: 'Verify an OTP' },
  'auth.resendOtp': { method: 'POST', path: '/api/auth/resend-otp', body: 'auth.emailOnly', summary: 'Resend the OTP' },
  'auth.forgotPassword': { method: 'POST', path: '/api/auth/forgot-password', body: 'auth.emailOnly', summary: 'Start a password reset' },
  'auth.resetPassword': { method: 'POST', path: '/api/auth/reset-password', body: 'auth.resetPassword', summary: 'Reset a password' },
  'auth.profile': { method: 'GET', path: '/api/auth/profile', summary: 'Show the profile of the key' },
  'auth.updateProfile': { method: 'PUT', path: '/api/auth/profile', body: 'auth.updateProfile', summary: 'Update the profile' },
  'auth.permissions': { method: 'GET', path: '/api/auth/my-permissions', summary: 'Show my permissions' },
  'auth.changePassword': { method: 'POST', path: '/api/auth/change-password', body: 'auth.changePassword', summary: 'Change the password' },
  'auth.logout': { method: 'POST', path: '/api/auth/logout', summary: 'Log out the session' },

  // 4.5 Tool endpoint (MCP)
  'mcp.health': { method: 'GET', path: '/healthz', base: 'mcp', response: 'text', noContent: true, summary: 'Tool endpoint health' },
  'mcp.rpc': { method: 'POST', path: '/mcp', base: 'mcp', response: 'rpc', noContent: true, summary: 'JSON-RPC 2.0 request' },

  // 4.6 Segments
  'segments.list': { method: 'GET', path: '/api/segments', summary: 'List segments' },
  'segments.create': { method: 'POST', path: '/api/segments', body: 'segments.segmentCreate', summary: 'Create a segment' },
  'segments.get': { method: 'GET', path: '/api/segments/{segment_id}', summary: 'Show a segment' },
  'segments.update': { method: 'PUT', path: '/api/segments/{segment_id}', body: 'segments.segmentUpdate', summary: 'Update a segment' },
  'segments.delete': { method: 'DELETE', path: '/api/segments/{segment_id}', summary: 'Delete a segment' },
  'segments.deleteMany': { method: 'DELETE', path: '/api/segments/delete', body: 'common.ids', summary: 'Delete segments' },
  'segments.addContacts': { method: 'POST', path: '/api/segments/{segment_id}/contacts', body: 'segments.contactIds', summary: 'Add contacts to a segment' },
  'segments.removeContacts': { method: 'DELETE', path: '/api/segments/{segment_id}/contacts', body: 'segments.contactIds', summary: 'Remove contacts from a segment' },
  'segments.contacts': { method: 'GET', path: '/api/segments/{segment_id}/contacts', summary: 'List contacts of a segment' },

  // 4.7 Tags and custom fields
  'tags.create': { method: 'POST', path: '/api/tags', body: 'tags.tagCreate', summary: 'Create a tag' },
  'tags.list': { method: 'GET', path: '/api/tags', summary: 'List tags' },
  'tags.get': { method: 'GET', path: '/api/tags/{tag_id}', summary: 'Show a tag' },
  'tags.update': { method: 'PUT', path: '/api/tags/{tag_id}', body: 'tags.tagUpdate', summary: 'Rename a tag' },
  'tags.deleteMany': { method: 'DELETE', path: '/api/tags/delete', body: 'common.ids', summary: 'Delete tags' },
  'tags.popular': { method: 'GET', path: '/api/tags/stats/popular', summary: 'Most used tags' },
  'tags.usage': { method: 'GET', path: '/api/tags/stats/usage', summary: 'Tag usage' },
  'customFields.list': { method: 'GET', path: '/api/custom-fields', summary: 'List custom fields' },
  'customFields.create': { method: 'POST', path: '/api/custom-fields', body: 'custom-fields.customFieldCreate', summary: 'Create a custom field' },
  'customFields.get': { method: 'GET', path: '/api/custom-fields/{custom_field_id}', summary: 'Show a custom field' },
  'customFields.update': { method: 'PUT', path: '/api/custom-fields/{custom_field_id}', body: 'custom-fields.customFieldUpdate', summary: 'Update a custom field' },
  'customFields.deleteMany': { method: 'POST', path: '/api/custom-fields/delete', body: 'common.ids', summary: 'Delete custom fields' },
  'customFields.status': { method: 'POST', path: '/api/custom-fields/status', body: 'custom-fields.customFieldStatus', summary: 'Set custom field status' },

  // 4.8 Contacts (extended)
  'contacts.stats': { method: 'GET', path: '/api/contacts/stats/summary', summary: 'Contact statistics' },
  'contacts.funnels': { method: 'GET', path: '/api/contacts/funnels', summary: 'Contact funnels' },
  'contacts.funnelAction': { method: 'POST', path: '/api/contacts/funnel/action', body: 'contacts.funnelAction', summary: 'Kanban funnel action' },
  'contacts.addToSegments': { method: 'POST', path: '/api/contacts/add-to-segments', body: 'contacts.addToSegments', summary: 'Add contacts to segments' },
  'contacts.exportStatus': { method: 'GET', path: '/api/contacts/export/status/{job_id}', summary: 'Export job status' },
  'contacts.exportDownload': { method: 'GET', path: '/api/contacts/export/download/{file_name}', response: 'file', summary: 'Download an export' },
  'contacts.export': { method: 'POST', path: '/api/contacts/export', offTable: true, summary: 'Start a contact export job' },

  // 4.9 Currencies
  'currencies.list': { method: 'GET', path: '/api/currencies', summary: 'List currencies' },
  'currencies.exchangeRate': { method: 'GET', path: '/api/currencies/get-exchange-rate', summary: 'Exchange rates' },
  'currencies.get': { method: 'GET', path: '/api/currencies/{currency_id}', summary: 'Show a currency' },
  'currencies.create': { method: 'POST', path: '/api/currencies/create', body: 'currencies.currencyCreate', summary: 'Create a currency' },
  'currencies.update': { method: 'PUT', path: '/api/currencies/{currency_id}', body: 'currencies.currencyUpdate', summary: 'Update a currency' },
  'currencies.deleteMany': { method: 'DELETE', path: '/api/currencies/delete', body: 'common.ids', summary: 'Delete currencies' },
  'currencies.toggleStatus': { method: 'PATCH', path: '/api/currencies/{currency_id}/toggle-status', summary: 'Toggle a currency active' },
  'currencies.toggleDefault': { method: 'PATCH', path: '/api/currencies/{currency_id}/toggle-default', summary: 'Make a currency the default' },

  // 4.10 Subscription
  'subscription.show': { method: 'GET', path: '/api/subscription/my-subscription', summary: 'Current plan, features, usage' },
  'subscription.usage': { method: 'GET', path: '/api/subscription/usage', summary: 'Plan usage' },
  'subscription.checkoutUrl': { method: 'GET', path: '/api/subscription/checkout-url', summary: 'Checkout URL' },
  'subscription.createGatewayone': { method: 'POST', path: '/api/subscription/create-gatewayone', body: 'subscription.subscriptionCreate', summary: 'Subscribe through gatewayone' },
  'subscription.createGatewaytwo': { method: 'POST', path: '/api/subscription/create-gatewaytwo', body: 'subscription.subscriptionCreate', summary: 'Subscribe through gatewaytwo' },
  'subscription.createGatewaythree': { method: 'POST', path: '/api/subscription/create-gatewaythree', body: 'subscription.subscriptionCreate', summary: 'Subscribe through gatewaythree' },
  'subscription.cancel': { method: 'POST', path: '/api/subscription/{subscription_id}/cancel', summary: 'Cancel a subscription' },
  'subscription.resume': { method: 'POST', path: '/api/subscription/{subscription_id}/resume', summary: 'Resume a subscription' },

  // 4.11 Teams
  'teams.list': { method: 'GET', path: '/api/teams', summary: 'List teams' },
  'teams.permissions': { method: 'GET', path: '/api/teams/permissions', summary: 'Team permissions' },
  'teams.get': { method: 'GET', path: '/api/teams/{team_id}', summary: 'Show a team' },
  'teams.create': { method: 'POST', path: '/api/teams/create', body: 'teams.teamCreate', summary: 'Create a team' },
  'teams.update': { method: 'PUT', path: '/api/teams/{team_id}', body: 'teams.teamUpdate', summary: 'Update a team' },
  'teams.deleteMany': { method: 'DELETE', path: '/api/teams/delete', body: 'common.ids', summary: 'Delete teams' },
  'teams.toggleStatus': { method: 'PATCH', path: '/api/teams/{team_id}/toggle-status', summary: 'Toggle a team active' },

  // 4.12 Taxes
  'taxes.list': { method: 'GET', path: '/api/taxes', summary: 'List taxes' },
  'taxes.get': { method: 'GET', path: '/api/taxes/{tax_id}', summary: 'Show a tax' },
  'taxes.create': { method: 'POST', path: '/api/taxes', body: 'taxes.taxCreate', summary: 'Create a tax' },
  'taxes.update': { method: 'PATCH', path: '/api/taxes/{tax_id}', body: 'taxes.taxUpdate', summary: 'Update a tax' },
  'taxes.delete': { method: 'DELETE', path: '/api/taxes/{tax_id}', summary: 'Delete a tax' },
  'taxes.deleteMany': { method: 'POST', path: '/api/taxes/bulk-delete', body: 'common.ids', summary: 'Delete taxes' },

  // 4.13 Quick replies
  'quickReplies.list': { method: 'GET', path: '/api/quick-replies', summary: 'List quick replies' },
  'quickReplies.admin': { method: 'GET', path: '/api/quick-replies/admin', summary: 'List quick replies (admin)' },
  'quickReplies.create': { method: 'POST', path: '/api/quick-replies', body: 'quick-replies.quickReplyCreate', summary: 'Create a quick reply' },
  'quickReplies.update': { method: 'PUT', path: '/api/quick-replies/{quick_reply_id}', body: 'quick-replies.quickReplyUpdate', summary: 'Update a quick reply' },
  'quickReplies.deleteMany': { method: 'DELETE', path: '/api/quick-replies/delete', body: 'common.ids', summary: 'Delete quick replies' },
  'quickReplies.favorite': { method: 'POST', path: '/api/quick-replies/{quick_reply_id}/favorite', summary: 'Toggle favorite' },

  // 4.14 Chatbots
  'chatbots.list': { method: 'GET', path: '/api/chatbots', summary: 'List chatbots' },
  'chatbots.get': { method: 'GET', path: '/api/chatbots/{chatbot_id}', summary: 'Show a chatbot' },
  'chatbots.create': { method: 'POST', path: '/api/chatbots', body: 'chatbots.chatbotCreate', summary: 'Create a chatbot' },
  'chatbots.update': { method: 'PUT', path: '/api/chatbots/{chatbot_id}', body: 'chatbots.chatbotUpdate', summary: 'Update a chatbot' },
  'chatbots.delete': { method: 'DELETE', path: '/api/chatbots/{chatbot_id}', summary: 'Delete a chatbot' },
  'chatbots.train': { method: 'POST', path: '/api/chatbots/{chatbot_id}/train', summary: 'Train a chatbot' },
  'chatbots.scrape': { method: 'POST', path: '/api/chatbots/scrape', body: 'chatbots.scrapeRequest', summary: 'Scrape a URL into a knowledge base' },
  'chatbots.extractDoc': { method: 'POST', path: '/api/chatbots/extract-doc', multipart: true, summary: 'Extract a document' },

  // 4.15 Message status
  'messageStatus.delivery': { method: 'PATCH', path: '/api/message-status/{message_id}/delivery', summary: 'Mark a message delivered' },
  'messageStatus.read': { method: 'PATCH', path: '/api/message-status/{message_id}/read', summary: 'Mark a message read' },
  'messageStatus.chatStatus': { method: 'POST', path: '/api/message-status/chat/status', body: 'message-status.chatStatus', summary: 'Push a chat status' },
  'messageStatus.bulkDelivery': { method: 'PATCH', path: '/api/message-status/bulk/delivery', body: 'message-status.bulkStatus', summary: 'Mark messages delivered' },
  'messageStatus.bulkRead': { method: 'PATCH', path: '/api/message-status/bulk/read', body: 'message-status.bulkStatus', summary: 'Mark messages read' },
  'messageStatus.user': { method: 'GET', path: '/api/message-status/user/{user_id}/status', summary: 'Message status of a user' },
  'messageStatus.get': { method: 'POST', path: '/api/message-status/status', body: 'message-status.messageIds', readOnly: true, summary: 'Status of messages' },

  // 4.16 Reply materials
  'replyMaterials.list': { method: 'GET', path: '/api/reply-materials', summary: 'List reply materials' },
  'replyMaterials.get': { method: 'GET', path: '/api/reply-materials/{material_id}', summary: 'Show a reply material' },
  'replyMaterials.create': { method: 'POST', path: '/api/reply-materials', multipart: true, summary: 'Upload a reply material' },
  'replyMaterials.update': { method: 'PUT', path: '/api/reply-materials/{material_id}', multipart: true, summary: 'Replace a reply material' },
  'replyMaterials.delete': { method: 'DELETE', path: '/api/reply-materials/{material_id}', summary: 'Delete a reply material' },
  'replyMaterials.deleteMany': { method: 'POST', path: '/api/reply-materials/bulk-delete', body: 'common.ids', summary: 'Delete reply materials' },

  // 4.17 Notifications
  'notifications.list': { method: 'GET', path: '/api/notifications', summary: 'List notifications' },
  'notifications.create': { method: 'POST', path: '/api/notifications', body: 'notifications.notificationCreate', summary: 'Create a notification' },
  'notifications.readAll': { method: 'POST', path: '/api/notifications/read-all', summary: 'Mark all notifications read' },
  'notifications.read': { method: 'PATCH', path: '/api/notifications/{notification_id}/read', summary: 'Mark a notification read' },

  // 4.18 Campaigns
  'campaigns.insights': { method: 'GET', path: '/api/campaigns/{campaign_id}/insights', summary: 'Campaign insights' },
  'campaigns.report': { method: 'GET', path: '/api/campaigns/{campaign_id}/report', summary: 'Campaign report' },
  'campaigns.publish': { method: 'POST', path: '/api/campaigns/{campaign_id}/publish', summary: 'Publish a campaign' },
  'campaigns.setupRecurring': { method: 'POST', path: '/api/campaigns/{campaign_id}/setup-recurring', body: 'campaigns.recurring', summary: 'Set up recurrence' },
  'campaigns.list': { method: 'GET', path: '/api/v2/campaigns', offTable: true, summary: 'List campaigns' },

  // 6 Inbound webhook
  'webhook.challenge': { method: 'GET', path: '/webhook/chat', noAuth: true, response: 'text', summary: 'Verification challenge' },
  'webhook.event': { method: 'POST', path: '/webhook/chat', noAuth: true, response: 'text', noContent: true, summary: 'Inbound event (signed)' },
});

export type OperationId = keyof typeof operations;

/**
 * The sandbox's own routes (`/_sandbox/...`), for `chatcrm sandbox inbound|status|deliveries|reset`:
 * not the service's, so kept out of `operations` (the spec check, `chatcrm openapi`, the MCP
 * catalog); the client calls them by id like any operation.
 */
export const sandboxOperations = op({
  'sandbox.inbound': { method: 'POST', path: '/_sandbox/simulate/inbound', body: 'sandbox.inbound', summary: 'Simulate a message from a customer' },
  'sandbox.status': { method: 'POST', path: '/_sandbox/simulate/status', body: 'sandbox.status', summary: 'Simulate a status of a sent message' },
  'sandbox.deliveries': { method: 'GET', path: '/_sandbox/deliveries', summary: 'List forward attempts' },
  'sandbox.retry': { method: 'POST', path: '/_sandbox/deliveries/{delivery_id}/retry', summary: 'Forward a delivery again' },
  'sandbox.requests': { method: 'GET', path: '/_sandbox/requests', summary: 'List the requests received' },
  'sandbox.reset': { method: 'POST', path: '/_sandbox/reset', summary: 'Back to the seed' },
});

export type SandboxOperationId = keyof typeof sandboxOperations;

export function getOperation(id: OperationId | SandboxOperationId): Operation {
  return id in operations ? operations[id as OperationId] : sandboxOperations[id as SandboxOperationId];
}

/**
 * A path id, checked before it fills a `{param}`: `.` and `..` survive URL-encoding and a URL
 * resolves them, so `flows get ..` would request `GET /api/`. They, and empty ids, are invalid
 * input (exit 2) for every command, whether typed or fed by `xargs`.
 */
export function checkPathId(name: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${name}: must not be empty`);
  if (value === '.' || value === '..') throw new UsageError(`${name}: "${value}" is not a valid id`);
  return value;
}

/** Fill a path template; every value is checked and URL-encoded (ids such as `120363...@g.us`). */
export function buildPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(checkPathId(name, params[name])));
}

/** An operation's request as messages name it: `GET /api/tags`. */
export function requestOf(id: OperationId | SandboxOperationId, params?: Record<string, string>): string {
  const op = getOperation(id);
  return `${op.method} ${buildPath(op.path, params)}`;
}

/** Names of the `{params}` of a path template, in order. */
export function pathParams(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}
