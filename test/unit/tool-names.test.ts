// Operation names from the operations table alone (src/describe/tool-names.ts): the MCP tools, the
// operationIds of `chatcrm openapi` and the sandbox's --fault targets, without the command tree.
import { describe, expect, it } from 'vitest';
import { operations, type OperationId } from '../../src/api/operations.js';
import { operationNames, toolName } from '../../src/describe/tool-names.js';
import { loadCommands } from '../../src/manifest/index.js';
import { indexTree } from '../../src/describe/catalog.js';
import { parseFault } from '../../src/sandbox/faults.js';

const commands = await loadCommands();

const ids = Object.keys(operations) as OperationId[];

describe('toolName', () => {
  it('names each operation as the CLI names the command that runs it', () => {
    const { byOp } = indexTree(commands);
    const ran = ids.filter((id) => byOp.has(id));
    expect(ran.length).toBeGreaterThan(50);
    for (const id of ran) expect(toolName(id), id).toBe(byOp.get(id)!.name);
  });

  it('gives every operation a name of its own', () => {
    expect(new Set(ids.map(toolName)).size).toBe(ids.length);
  });

  it('a bulk delete and a renamed command take the command\'s name, not the id\'s', () => {
    expect(toolName('tags.deleteMany')).toBe('tags_delete');
    expect(toolName('flows.statistics')).toBe('flows_stats');
    expect(toolName('flows.togglePause')).toBe('flows_toggle_pause');
  });
});

describe('operationNames (what a --fault may name)', () => {
  it('maps the tool name and the table id of every operation to the id, and nothing else', () => {
    const names = operationNames();
    expect(names.size).toBe(2 * ids.length);
    for (const id of ids) {
      expect(names.get(id)).toBe(id);
      expect(names.get(toolName(id))).toBe(id);
    }
  });

  it('a --fault takes either spelling, and refuses a command name that is no operation', () => {
    const names = operationNames();
    expect(parseFault('flows_stats:503', names).operation).toBe('flows.statistics');
    expect(parseFault('flows.statistics:503', names).operation).toBe('flows.statistics');
    expect(() => parseFault('flows_statistics:503', names)).toThrow(/--fault/);
  });
});
