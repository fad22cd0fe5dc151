import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type Mode = number | null | undefined;
interface NodeOps {
  mknod(parent: unknown, name: string, mode: Mode, dev: unknown): unknown;
  setattr(node: unknown, attr: { mode?: Mode }): unknown;
}
interface EmscriptenModule {
  NODEFS: { node_ops: NodeOps; stream_ops: { setattr(stream: unknown, attr: { mode?: Mode }): unknown } };
}

const withoutGroupAndOther = (mode: Mode) => (mode === null || mode === undefined ? mode : mode & ~0o077);

/**
 * PGlite's folder on disk, with every file and folder owner-only. PostgreSQL compiled to WebAssembly creates its files
 * with mode 0666 and sets it explicitly, past the process umask; this takes group and other bits from every mode it
 * hands to the disk (create and chmod).
 */
export class PrivateNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const restrict = (module: EmscriptenModule) => {
      const nodeOps = module.NODEFS.node_ops;
      const streamOps = module.NODEFS.stream_ops;
      const { mknod, setattr } = nodeOps;
      const setStreamAttr = streamOps.setattr;
      nodeOps.mknod = (parent, name, mode, dev) => mknod(parent, name, withoutGroupAndOther(mode), dev);
      nodeOps.setattr = (node, attr) => setattr(node, { ...attr, mode: withoutGroupAndOther(attr.mode) });
      streamOps.setattr = (stream, attr) => setStreamAttr(stream, { ...attr, mode: withoutGroupAndOther(attr.mode) });
    };
    const preRun = [...(emscriptenOpts.preRun ?? []), restrict] as typeof emscriptenOpts.preRun;
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}
