import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];
type PreRun = (module: EmscriptenModule) => void;

/** The parts of PGlite's Emscripten module this file touches. */
interface EmscriptenModule {
  NODEFS: {
    stream_ops: Record<string, unknown>;
    /** Runs a Node fs call, turning its error into the errno PostgreSQL sees (EIO, ENOSPC…). */
    tryFSOperation<T>(operation: () => T): T;
  };
}

/**
 * PGlite's data directory on the local disk, with fsync that reaches the disk (ADR 056).
 * PGlite maps files with Emscripten's NODEFS, whose streams have no `fsync`:
 * PostgreSQL's fsync() of the WAL at each commit returned without doing anything (and its
 * fdatasync() is a no-op in Emscripten whatever the file system), so a commit lived only in
 * the operating system's cache until it chose to write it back; PGlite's default `-F`
 * (fsync=off) only made that official. Here every NODEFS stream gets an fsync that calls
 * the real one on its file descriptor, and PostgreSQL is started with fsync on and
 * `wal_sync_method=fsync` (see db/client.ts), so a commit returns once its WAL is on disk.
 */
export class DurableNodeFS extends NodeFS {
  /** fsync calls made since start (tests and the benchmark read it). */
  fsyncs = 0;
  /** When (performance.now()) the last fsync returned: the disk took a write then (health reads it). */
  lastSyncedAt: number | undefined;

  override async init(pg: PGlite, options: Partial<EmscriptenOptions>): Promise<{ emscriptenOpts: Partial<EmscriptenOptions> }> {
    const result = await super.init(pg, options);
    const installFsync: PreRun = (module) => {
      // Nodes point at this one object, so streams opened later have it too.
      module.NODEFS.stream_ops.fsync = (stream: { nfd: number }) => {
        this.fsyncs++;
        module.NODEFS.tryFSOperation(() => fsyncSync(stream.nfd));
        this.lastSyncedAt = performance.now();
      };
    };
    const preRun = (result.emscriptenOpts.preRun ?? []) as PreRun[];
    result.emscriptenOpts.preRun = [installFsync, ...preRun] as EmscriptenOptions['preRun'];
    return result;
  }
}
