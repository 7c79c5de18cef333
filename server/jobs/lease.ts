import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db';

/**
 * A background job's lease (table job_lease, migration 0035): one row per job; the process that
 * holds it until `until` runs the job, so of several server processes only one does. Taking or
 * renewing is one guarded UPDATE (mine, or lapsed) or, for a job never run, an INSERT that yields
 * to a concurrent one; whoever's row stands holds the lease. A process that dies simply stops
 * renewing: another takes over once `until` has passed.
 */
export async function takeLease(db: Db, name: string, holder: string, ttlMs: number, now: number): Promise<boolean> {
  const until = now + ttlMs;
  const renewed = await db.updateTable('jobLease').set({ holder, until }).where('name', '=', name)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('until', '<', now)])).executeTakeFirst();
  if (Number(renewed.numUpdatedRows) === 1) return true;
  await db.insertInto('jobLease').values({ name, holder, until }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('jobLease').select('holder').where('name', '=', name).executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the lease up (on close), so another process need not wait for it to lapse. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.updateTable('jobLease').set({ until: 0 }).where('name', '=', name).where('holder', '=', holder).execute();
}

/** This process's name as a lease holder: host, process id, and a random part (two servers in one process are two holders). */
export const leaseHolder = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export interface LeasedJobOptions {
  db: Db;
  name: string;
  everyMs: number;
  /** how long a turn's lease lasts; a few turns, so one slow turn does not lose it */
  ttlMs?: number;
  run: (now: number) => Promise<unknown>;
  /** the clock (tests inject theirs) */
  clock?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * Runs `run` every `everyMs` while this process holds the job's lease (taken or renewed at each
 * turn). Turns never overlap. `stop` ends the turns, waits for one under way, and gives the lease up.
 */
export function startLeasedJob(opts: LeasedJobOptions): { holder: string; tick: () => Promise<void>; stop: () => Promise<void> } {
  const holder = leaseHolder();
  const clock = opts.clock ?? Date.now;
  const ttl = opts.ttlMs ?? opts.everyMs * 3;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return running ?? Promise.resolve();
    running = (async () => {
      const now = clock();
      if (await takeLease(opts.db, opts.name, holder, ttl, now)) await opts.run(now);
    })().catch((error) => opts.onError?.(error)).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void tick(), opts.everyMs);
  timer.unref();
  return {
    holder,
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await releaseLease(opts.db, opts.name, holder).catch(() => undefined);
    },
  };
}
