// Call one tool and print its result; shared by every MCP-backed command.
import type { Context } from '../../runtime/context.js';
import { createMcpClient, type McpClient } from '../../mcp/client.js';
import { printToolResult } from '../../mcp/result.js';

/** Run `fn` with a client, always ending the session (if the server made one). */
export async function withMcp<T>(ctx: Context, fn: (client: McpClient) => Promise<T>): Promise<T> {
  const client = await createMcpClient(ctx);
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

export function runTool(ctx: Context, tool: string, args: Record<string, unknown>, opts?: Parameters<typeof printToolResult>[3]): Promise<void> {
  return withMcp(ctx, async (client) => printToolResult(ctx, await client.callTool(tool, args), tool, opts));
}
