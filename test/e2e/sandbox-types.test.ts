// The types of `chatcrm/sandbox` as an app's TypeScript sees them: dist/sandbox.d.ts, bundled by
// scripts/build.mjs from the sandbox's own types, checked with tsc in a project that installed
// the package (a copy of the clone) as its docs say. The README's vitest example and the calls
// docs/sandbox.md shows compile; a wrong value does not (each `@ts-expect-error` must be needed,
// so types that turned to `any` or went missing fail too).
import { execa } from 'execa';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type { inbound, status } from '../../src/schemas/sandbox.js';
import type { InboundInput, StatusInput } from '../../src/sandbox/public.js';
import { tempDir } from '../helpers/cli.js';
import { packageClone } from '../helpers/clone.js';

const ROOT = resolve(import.meta.dirname, '../..');
const DTS = join(ROOT, 'dist/sandbox.d.ts');

function readmeExample(): string {
  const section = readFileSync(join(ROOT, 'README.md'), 'utf8').split('### Use the sandbox from your tests')[1] ?? '';
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README: no ts block under "Use the sandbox from your tests"');
  return block;
}

/** Every exported type in use, each option docs/sandbox.md lists, and both forms of simulate.status. */
const USES = `import { startSandbox, type ForwardDelivery, type InboundInput, type ReceivedRequest, type RunningSandbox, type StartSandboxOptions, type StatusInput } from 'chatcrm/sandbox';

const options: StartSandboxOptions = {
  port: 0, host: '127.0.0.1', state: './sandbox.json', seed: './seed.yaml', seedRecords: 10, apiKey: 'k', webhookSecret: 's', verifyToken: 'v',
  forwardTo: ['http://127.0.0.1:3000/webhook'], autoStatus: 'delivered,read', statusDelay: '1s', failRate: 0.1, randomSeed: 7,
  fault: ['chat_send:503:0.5'], latency: '10-50', maxMessages: 0, maxRequests: 0, forwardBackoffMs: [10, 20],
};
export async function use(messageId: string): Promise<void> {
  const sb: RunningSandbox = await startSandbox(options);
  const input: InboundInput = { from: '15557654321', name: 'Ada', text: 'Thanks!' };
  await sb.simulate.inbound(input);
  await sb.simulate.inbound({ from: '15557654321', message: { type: 'text', text: { body: 'hi' } } });
  const report: StatusInput = { message_id: messageId, status: 'failed', error: 'Number not on the channel' };
  await sb.simulate.status(report);
  await sb.simulate.status(messageId, 'read');
  const last: ReceivedRequest | undefined = sb.received.at(-1);
  const op: string | undefined = last?.operation;
  const seq: number | undefined = last?.seq;
  const delivery: ForwardDelivery | undefined = sb.deliveries[0];
  const code: number | null | undefined = delivery?.status_code;
  const event: 'message' | 'status' | undefined = delivery?.event;
  void [op, seq, code, event];
  await sb.forwarded();
  sb.reset();
  await sb.close();
  // @ts-expect-error: a status the channel does not report
  await sb.simulate.status(messageId, 'sent');
  // @ts-expect-error: an option that is not one
  await startSandbox({ prot: 0 });
  // @ts-expect-error: an inbound message names its sender
  await sb.simulate.inbound({ text: 'no from' });
  // @ts-expect-error: the address is a string
  const n: number = sb.url;
  void n;
}
`;

describe('chatcrm/sandbox types (dist/sandbox.d.ts)', () => {
  it('is one file: no import of a path or package the tarball does not hold', () => {
    const dts = readFileSync(DTS, 'utf8');
    expect(dts).toMatch(/export declare function startSandbox\(options\?: StartSandboxOptions\): Promise<RunningSandbox>;/);
    expect(dts).not.toMatch(/^\s*import\b|\bfrom\s+['"]|<reference\b|import\(/m);
  });

  it("compiles the README's example and the documented calls against the installed package, and refuses wrong ones", async () => {
    const app = tempDir('chatcrm-types-');
    writeFileSync(join(app, 'package.json'), '{"type":"module","private":true}\n');
    mkdirSync(join(app, 'node_modules'));
    cpSync(packageClone(), join(app, 'node_modules', 'chatcrm'), { recursive: true });
    // The app's own dev dependencies (vitest, @types/node), linked from here.
    symlinkSync(join(ROOT, 'node_modules', 'vitest'), join(app, 'node_modules', 'vitest'));
    symlinkSync(join(ROOT, 'node_modules', '@types'), join(app, 'node_modules', '@types'));
    writeFileSync(join(app, 'app.test.ts'), readmeExample());
    writeFileSync(join(app, 'uses.ts'), USES);
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, types: ['node'] }, files: ['app.test.ts', 'uses.ts'] }));
    const r = await execa('node', [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', app], { cwd: app, reject: false, timeout: 120_000 });
    expect(r.exitCode, `${r.stdout}\n${r.stderr}`).toBe(0);
  }, 180_000);

  it('the simulators take what their routes validate (the zod schemas of /_sandbox/simulate/*)', () => {
    expectTypeOf<StatusInput>().toEqualTypeOf<z.input<typeof status>>();
    expectTypeOf<Omit<InboundInput, 'text' | 'message'>>().toEqualTypeOf<Omit<z.input<typeof inbound>, 'message'>>();
  });
});
