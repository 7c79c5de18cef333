/**
 * The compiler's version: part of the key of every cache of compiled models. Bump it with any
 * change that alters what compileModel produces for the same descriptor (the model snapshots
 * under tests/snapshots change then too), so stored definitions are compiled afresh.
 */
export const COMPILER_VERSION = '2026-11-23.2';
