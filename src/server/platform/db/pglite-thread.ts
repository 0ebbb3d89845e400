// The embedded database's own thread. PGlite runs Postgres in WebAssembly, synchronously: a
// statement run on the server's thread would stop everything else there (requests, the socket hub,
// live ingest) until it ended. Here it runs beside them; the server's thread sends each call as one
// message and waits for the answer (pglite-threaded.ts, which also describes the messages). One
// thread per process holds every database the process opens (the server has one; a test file
// several, one after another).
//
// Loaded as TypeScript by Node itself under the tests (type stripping) and as JavaScript from
// `dist/`: it imports packages only, and uses no syntax that stripping cannot erase.
import { workerData, type MessagePort } from 'node:worker_threads';
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

interface Start {
  port: MessagePort;
  /** PGlite's WebAssembly, compiled once by the process, and its file bundle. */
  assets: Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>;
}

interface Call {
  id: number;
  op: 'open' | 'query' | 'exec' | 'begin' | 'end' | 'listen' | 'unlisten' | 'close';
  /** Which of the thread's databases. */
  db: number;
  /** The transaction a query or exec belongs to, or that `end` ends. */
  tx?: number;
  text?: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  /** Types whose values stay text: Drizzle keeps dates, times and intervals as Postgres writes them. */
  textTypes?: number[];
  commit?: boolean;
  channel?: string;
  /** `open`: the folder (none: in memory), and the template a new one starts from, by id. */
  dataDir?: string;
  templateId?: number;
  /** `open`: the template's bytes, sent the first time its id is used. */
  template?: Uint8Array<ArrayBuffer>;
}

interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction's callback: committing, or rolling back. */
  settle(commit: boolean): void;
  /** Settles once it has committed or rolled back; rejects if the commit failed. */
  done: Promise<void>;
}

interface Database {
  pglite: PGlite;
  transactions: Map<number, OpenTransaction>;
  unlisteners: Map<string, () => Promise<void>>;
}

const { port, assets } = workerData as Start;
const databases = new Map<number, Database>();
const templates = new Map<number, Blob>();
let nextTx = 1;

const keepText = (value: string) => value;

async function run(call: Call): Promise<unknown> {
  if (call.op === 'open') return open(call);
  const database = databases.get(call.db);
  if (!database) throw new Error('That database is closed');
  const on = call.tx === undefined ? database.pglite : database.transactions.get(call.tx)?.tx;
  if (!on) throw new Error('That transaction has ended');
  switch (call.op) {
    case 'query': {
      const parsers = Object.fromEntries((call.textTypes ?? []).map((oid) => [oid, keepText]));
      return on.query(call.text!, call.params, { rowMode: call.rowMode ?? 'object', parsers });
    }
    case 'exec':
      return on.exec(call.text!);
    case 'begin':
      return begin(database);
    case 'end': {
      const open = database.transactions.get(call.tx!)!;
      open.settle(call.commit === true);
      return open.done;
    }
    case 'listen': {
      const channel = call.channel!;
      if (!database.unlisteners.has(channel)) {
        const unlisten = await database.pglite.listen(channel, (payload) => port.postMessage({ db: call.db, notify: channel, payload }));
        database.unlisteners.set(channel, unlisten);
      }
      return undefined;
    }
    case 'unlisten': {
      const unlisten = database.unlisteners.get(call.channel!);
      database.unlisteners.delete(call.channel!);
      await unlisten?.();
      return undefined;
    }
    case 'close':
      databases.delete(call.db);
      for (const open of database.transactions.values()) open.settle(false);
      if (!database.pglite.closed) await database.pglite.close();
      return undefined;
  }
}

async function open(call: Call): Promise<undefined> {
  if (call.template && call.templateId !== undefined) templates.set(call.templateId, new Blob([call.template]));
  const template = call.templateId === undefined ? undefined : templates.get(call.templateId);
  const pglite = await PGlite.create({
    ...assets,
    ...(call.dataDir ? { dataDir: call.dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    extensions: { pg_trgm },
  });
  databases.set(call.db, { pglite, transactions: new Map(), unlisteners: new Map() });
  return undefined;
}

/** Opens a transaction that stays open until its `end` message; answers with its id once begun. */
function begin(database: Database): Promise<number> {
  const id = nextTx++;
  return new Promise((begun, failed) => {
    const open = {} as OpenTransaction;
    open.done = database.pglite
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            open.tx = tx;
            open.settle = (yes) => (yes ? commit() : rollback(new RolledBack()));
            database.transactions.set(id, open);
            begun(id);
          }),
      )
      .then(
        () => undefined,
        (err: unknown) => {
          if (!(err instanceof RolledBack)) throw err;
        },
      )
      .finally(() => database.transactions.delete(id));
    // Before it began, the error is the `begin`'s; after, the `end` reports it (a failed commit).
    open.done.catch(failed);
  });
}

class RolledBack extends Error {}

/**
 * An error as it can cross: its message and Postgres's fields (code, detail, constraint...), the
 * plain values only (PGlite also attaches the query's options, parsers and all).
 */
function plain(err: unknown) {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields = Object.entries(err).filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value));
  return { ...Object.fromEntries(fields), name: err.name, message: err.message };
}

function answer(id: number, outcome: { result: unknown } | { error: unknown }) {
  try {
    port.postMessage('error' in outcome ? { id, error: plain(outcome.error) } : { id, result: outcome.result });
  } catch (err) {
    // A value that cannot be cloned still gets an answer, not a silent wait.
    port.postMessage({ id, error: plain(err) });
  }
}

port.on('message', (call: Call) => {
  run(call).then(
    (result) => answer(call.id, { result }),
    (error: unknown) => answer(call.id, { error }),
  );
});
