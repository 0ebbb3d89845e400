import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { PGliteOptions, Results } from '@electric-sql/pglite';

/**
 * PGlite run in a worker thread of this process (pglite-thread.ts), with the part of PGlite's
 * interface that Drizzle's PGlite driver and the job library use: `query`, `exec`, `transaction`
 * and `listen`. Each call is one message there and one back (about 0.07 ms), and Postgres works
 * while this thread goes on. PGlite's own worker client was tried first: it makes eight or nine
 * round trips over a BroadcastChannel per statement, 8 ms for a `select 1` against 0.3 ms in
 * process, because it parses the wire protocol on the calling side.
 *
 * The thread's PGlite is the one connection: statements queue there as they would in process,
 * and a transaction holds it from `begin` to `end` while its statements are sent one by one.
 */
export interface ThreadedPglite {
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  transaction<T>(fn: (tx: ThreadedTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ThreadedTransaction {
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Only parsers that keep a type's value as text can cross to the thread (all Drizzle sets). */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
// The server's TypeScript settings carry no WebAssembly types; Node has the global.
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } };

let assets: Promise<{ pgliteWasmModule: WasmModule; fsBundle: Blob }> | undefined;
/** PGlite's WebAssembly, compiled once per process and shared by its threads (each would compile its own). */
function pgliteAssets() {
  assets ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [bytes, bundle] = await Promise.all([fs.promises.readFile(path.join(dist, 'pglite.wasm')), fs.promises.readFile(path.join(dist, 'pglite.data'))]);
    return { pgliteWasmModule: await wasm.compile(bytes), fsBundle: new Blob([bundle]) };
  })();
  return assets;
}

/** Which parsers' types stay text; refuses a parser that would change a value (it cannot be sent). */
const textTypesOf = new WeakMap<object, number[]>();
function textTypes(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  let types = textTypesOf.get(parsers);
  if (!types) {
    types = Object.entries(parsers).map(([oid, parse]) => {
      const probe = `glint-probe-${oid}`;
      if (parse(probe, Number(oid)) !== probe) throw new Error(`A parser for type ${oid} cannot run in the database thread`);
      return Number(oid);
    });
    textTypesOf.set(parsers, types);
  }
  return types;
}

type Reply = { id?: number; result?: unknown; error?: Record<string, unknown>; db?: number; notify?: string; payload?: string };

/** The process's database thread: started on the first open, shared by every database after. */
class DatabaseThread {
  readonly thread: Worker;
  readonly port: MessagePort;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  /** Per database, per channel, the listeners of its notifications. */
  readonly listeners = new Map<number, Map<string, Set<(payload: string) => void>>>();
  /** Templates whose bytes the thread has: it keeps them, and later opens name them only. */
  readonly templatesSent = new Set<number>();
  stopped: Error | undefined;
  private open = 0;
  private nextId = 1;

  constructor(assets: { pgliteWasmModule: WasmModule; fsBundle: Blob }) {
    const { port1, port2 } = new MessageChannel();
    const fromSource = import.meta.url.endsWith('.ts');
    this.port = port1;
    this.thread = new Worker(new URL(`./pglite-thread.${fromSource ? 'ts' : 'js'}`, import.meta.url), {
      workerData: { port: port2, assets },
      transferList: [port2],
      // Loaded from source (tests, tsx), Node strips the types: no warning about it each time.
      execArgv: fromSource ? ['--disable-warning=ExperimentalWarning'] : [],
    });
    this.port.on('message', (message: Reply) => this.received(message));
    this.thread.once('error', (err) => this.ended(err));
    this.thread.once('exit', (code) => this.ended(new Error(`The embedded database's thread ended (${code})`)));
    this.idle();
  }

  private received(message: Reply) {
    if (message.notify !== undefined) {
      for (const listener of this.listeners.get(message.db!)?.get(message.notify) ?? []) listener(message.payload ?? '');
      return;
    }
    const call = this.pending.get(message.id!);
    if (!call) return;
    this.pending.delete(message.id!);
    if (message.error) call.reject(Object.assign(new Error(String(message.error.message)), message.error));
    else call.resolve(message.result);
  }

  private ended(err: Error) {
    if (this.stopped) return;
    this.stopped = err;
    if (current === this) current = undefined;
    for (const call of this.pending.values()) call.reject(err);
    this.pending.clear();
    this.port.close();
    // A database was open: its statements can no longer run, so the process ends as it would had
    // Postgres failed inside it, and its supervisor starts it again.
    if (this.open > 0) {
      process.nextTick(() => {
        throw new Error(`The embedded database stopped: ${err.message}`, { cause: err });
      });
    }
  }

  send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.port.postMessage({ ...message, id });
    });
  }

  /** While a database is open the thread keeps the process alive; idle, it lets it end. */
  opened() {
    if (this.open++ === 0) {
      this.thread.ref();
      this.port.ref();
    }
  }

  closed() {
    if (--this.open === 0) this.idle();
  }

  private idle() {
    this.thread.unref();
    this.port.unref();
  }
}

let current: DatabaseThread | undefined;
let nextDb = 1;
let nextTemplate = 1;
const templateIds = new WeakMap<Blob, number>();

export async function startThreadedPglite(options: { dataDir?: string; template?: Blob }): Promise<ThreadedPglite> {
  const assets = await pgliteAssets();
  const thread = (current ??= new DatabaseThread(assets));
  const db = nextDb++;
  const open: Record<string, unknown> = { op: 'open', db, ...(options.dataDir ? { dataDir: options.dataDir } : {}) };
  if (options.template) {
    let templateId = templateIds.get(options.template);
    if (templateId === undefined) templateIds.set(options.template, (templateId = nextTemplate++));
    open.templateId = templateId;
    if (!thread.templatesSent.has(templateId)) {
      open.template = new Uint8Array(await options.template.arrayBuffer());
      thread.templatesSent.add(templateId);
    }
  }
  thread.opened();
  try {
    await thread.send(open);
  } catch (err) {
    thread.closed();
    throw err;
  }
  const listeners = new Map<string, Set<(payload: string) => void>>();
  thread.listeners.set(db, listeners);
  let closing = false;

  const send = <T>(message: Record<string, unknown>) => thread.send<T>({ ...message, db });
  const query =
    (tx: number | undefined) =>
    <T>(text: string, params?: unknown[], opts?: QueryOptions) =>
      send<Results<T>>({ op: 'query', tx, text, params, rowMode: opts?.rowMode, textTypes: textTypes(opts?.parsers) });
  const exec = (tx: number | undefined) => (text: string) => send<Results[]>({ op: 'exec', tx, text });

  return {
    query: query(undefined),
    exec: exec(undefined),
    async transaction(fn) {
      const id = await send<number>({ op: 'begin' });
      let closed = false;
      const tx: ThreadedTransaction = {
        query: query(id),
        exec: exec(id),
        async rollback() {
          await tx.exec('rollback');
        },
        get closed() {
          return closed;
        },
      };
      let result;
      try {
        result = await fn(tx);
      } catch (err) {
        closed = true;
        await send({ op: 'end', tx: id, commit: false });
        throw err;
      }
      closed = true;
      await send({ op: 'end', tx: id, commit: true });
      return result;
    },
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        await send({ op: 'listen', channel });
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          await send({ op: 'unlisten', channel }).catch(() => {});
        }
      };
    },
    async close() {
      if (closing) return;
      closing = true;
      try {
        await send({ op: 'close' });
      } finally {
        thread.listeners.delete(db);
        thread.closed();
      }
    },
  };
}
