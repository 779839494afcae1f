// chat send --via-mcp: a text message through the tool send_chat_message.
import type { Context } from '../../runtime/context.js';
import { runTool } from '../mcp/tool.js';
import { normalizePhone } from '../../ops/recipient.js';

export async function sendViaMcp(ctx: Context, { to, text }: { to: string; text: string }): Promise<void> {
  await runTool(ctx, 'send_chat_message', { contact_no: normalizePhone(to), message: text, platform: 'chat' }, { unwrap: true, view: { id: 'message_id' } });
}
