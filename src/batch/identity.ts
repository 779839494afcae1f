// Row identity: what makes a send unique is its recipient and its rendered request, not its line
// number, so an edited input (a row inserted, two rows swapped) resumes safely. An identity is
// the first 64 bits of a SHA-256, 16 hex digits in the journal; at a million rows the chance
// of two different rows sharing one is about 1 in 30 million.
import { hash } from 'node:crypto';

export function identity(key: string, request: string): string {
  return hash('sha256', `${key}\n${request}`, 'hex').slice(0, 16);
}

/** What the journal says about an identity; its last record wins. */
export const State = { None: 0, Intent: 1, Sent: 2, Failed: 3, Uncertain: 4, NotSent: 5 } as const;
export type State = (typeof State)[keyof typeof State];

const USED = 0x80;
const SEEN = 0x40;
const STATE = 0x0f;

/**
 * identity -> journal state (and where its last record is), and whether a row of this run had it
 * already: an open-addressing table in typed arrays, ~9 bytes per slot (18-36 a row) instead of
 * a Map of strings (~100).
 */
export class IdTable {
  private cap: number;
  private used = 0;
  private hi: Uint32Array;
  private lo: Uint32Array;
  private flags: Uint8Array;
  /** Byte offset of the last journal record of each identity (only when read from a journal). */
  private offsets?: Float64Array;

  /** Sized for `expected` identities up front: growing a million-row table would hold both copies at once. */
  constructor(expected = 0) {
    this.cap = 1024;
    while (this.cap < expected * 2) this.cap *= 2;
    this.hi = new Uint32Array(this.cap);
    this.lo = new Uint32Array(this.cap);
    this.flags = new Uint8Array(this.cap);
  }

  /** The slot of an identity, added (state None) if new. */
  slot(id: string): number {
    const h = parseInt(id.slice(0, 8), 16) >>> 0;
    const l = parseInt(id.slice(8, 16), 16) >>> 0;
    if ((this.used + 1) * 2 > this.cap) this.grow();
    const mask = this.cap - 1;
    let i = (l ^ Math.imul(h, 0x9e3779b1)) & mask;
    while (this.flags[i] & USED) {
      if (this.hi[i] === h && this.lo[i] === l) return i;
      i = (i + 1) & mask;
    }
    this.hi[i] = h;
    this.lo[i] = l;
    this.flags[i] = USED;
    this.used++;
    return i;
  }

  state(slot: number): State {
    return (this.flags[slot] & STATE) as State;
  }

  set(slot: number, state: State, offset?: number): void {
    this.flags[slot] = (this.flags[slot] & SEEN) | USED | state;
    if (offset !== undefined) {
      this.offsets ??= new Float64Array(this.cap);
      this.offsets[slot] = offset;
    }
  }

  offset(slot: number): number | undefined {
    return this.offsets?.[slot];
  }

  /** Identities in the table. */
  get size(): number {
    return this.used;
  }

  /** How many identities are in a state: one pass over the table, not per row. */
  count(state: State): number {
    let n = 0;
    for (let i = 0; i < this.flags.length; i++) if ((this.flags[i] & (USED | STATE)) === (USED | state)) n++;
    return n;
  }

  /** Marks the identity as had by a row of this run; false if one had it already (a duplicate). */
  firstSeen(slot: number): boolean {
    if (this.flags[slot] & SEEN) return false;
    this.flags[slot] |= SEEN;
    return true;
  }

  private grow(): void {
    const old = { hi: this.hi, lo: this.lo, flags: this.flags, offsets: this.offsets };
    this.cap *= 2;
    this.hi = new Uint32Array(this.cap);
    this.lo = new Uint32Array(this.cap);
    this.flags = new Uint8Array(this.cap);
    this.offsets = old.offsets && new Float64Array(this.cap);
    const mask = this.cap - 1;
    for (let j = 0; j < old.flags.length; j++) {
      if (!(old.flags[j] & USED)) continue;
      let i = (old.lo[j] ^ Math.imul(old.hi[j], 0x9e3779b1)) & mask;
      while (this.flags[i] & USED) i = (i + 1) & mask;
      this.hi[i] = old.hi[j];
      this.lo[i] = old.lo[j];
      this.flags[i] = old.flags[j];
      if (this.offsets) this.offsets[i] = old.offsets![j];
    }
  }
}
