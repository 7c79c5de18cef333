import { randomInt } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * A sortable decimal id in the shape the product uses (a snowflake-like string):
 * milliseconds since 2020, a per-millisecond sequence and random low digits so that
 * several processes behind a load balancer do not collide.
 */
export function newId(): string {
  const now = Date.now();
  if (now === lastMs) sequence += 1;
  else {
    lastMs = now;
    sequence = 0;
  }
  const ms = BigInt(now - 1577836800000);
  const value = (ms << 22n) | (BigInt(sequence & 0x3ff) << 12n) | BigInt(randomInt(0, 4096));
  return value.toString();
}
