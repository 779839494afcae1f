// A state change prints one ✓ line with the new state (not the whole record, which
// `flows toggle` printed in 23 lines); --json still prints the record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const first = (collection: string) => sb.store.list(collection)[0];

describe('state changes: one ✓ line, the record with --json', () => {
  it('flows toggle and toggle-pause', async () => {
    const f = first('flows');
    const before = f.status;
    const r = await sb.run(['flows', 'toggle', f._id]);
    expect(r.exitCode).toBe(0);
    const now = sb.store.get('flows', f._id)!.status;
    expect(now).not.toBe(before);
    expect(r.stderr).toBe(`✓ Flow "${f.name}" is now ${now}\n`);
    expect(r.stdout).toBe('');
    if (now === 'draft') await sb.run(['flows', 'toggle', f._id]);
    const paused = await sb.run(['flows', 'toggle-pause', f._id]);
    expect(paused.stderr).toBe(`✓ Flow "${f.name}" is now paused\n`);
    const json = await sb.run(['flows', 'toggle-pause', f._id, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ _id: f._id, name: f.name, status: 'active' });
    expect(json.stderr).toBe('');
  });

  it('quick-replies favorite, notifications read, subscription cancel and resume', async () => {
    const q = first('quick_replies');
    const fav = await sb.run(['quick-replies', 'favorite', q._id]);
    expect(fav.stderr).toBe(`✓ Quick reply "${q.title}" is ${sb.store.get('quick_replies', q._id)!.is_favorite ? 'now a favorite' : 'no longer a favorite'}\n`);
    expect(fav.stdout).toBe('');
    const n = first('notifications');
    expect((await sb.run(['notifications', 'read', n._id])).stderr).toBe(`✓ Notification "${n.title}" is read\n`);
    const sub = sb.store.list('subscriptions').find((s) => s.status === 'active')!;
    const cancelled = await sb.run(['subscription', 'cancel', sub._id, '--yes']);
    expect(cancelled.stderr).toBe(`✓ Subscription ${sub._id} is now cancelled\n`);
    const resumed = await sb.run(['subscription', 'resume', sub._id]);
    expect(resumed.stderr).toBe(`✓ Subscription ${sub._id} is now active\n`);
    expect(resumed.stdout).toBe('');
  });
});
