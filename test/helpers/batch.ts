// What the batch's unit tests share: a run of `to,text` rows whose send answers from memory,
// and CSV files of such rows in a test's own folder.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BatchOptions } from '../../src/batch/types.js';
import { systemClock } from '../../src/core/clock.js';
import { testHost, testIO, type TestIO } from './io.js';

export type TextReq = { to: string; text: string };

/** Batch options for `to,text` rows (file `in.csv` unless given); each send answers `wamid.<to>`. */
export function textBatch(over: Partial<BatchOptions<TextReq>> = {}): BatchOptions<TextReq> & { io: TestIO } {
  return {
    file: 'in.csv', timeoutMs: 5_000, clock: systemClock, io: testIO(), signal: new AbortController().signal, host: testHost({}), label: 'test',
    resultColumns: { key: 'to', id: 'message_id' },
    checkColumns: () => undefined,
    key: (r) => String(r.to),
    build: (r) => ({ to: String(r.to), text: String(r.text) }),
    render: (req) => req.text,
    send: async (req) => `wamid.${req.to}`,
    ...over,
  } as BatchOptions<TextReq> & { io: TestIO };
}

/** A writer of CSV files of `to,text` rows in `dir`, each file new; it returns the file's path. */
export function textCsv(dir: string): (rows: string[][]) => string {
  let files = 0;
  return (rows) => {
    const file = join(dir, `${++files}.csv`);
    writeFileSync(file, ['to,text', ...rows.map((r) => r.join(','))].join('\n') + '\n');
    return file;
  };
}
