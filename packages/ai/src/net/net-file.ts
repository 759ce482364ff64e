import type { Result } from '@nardy/engine';
import { Mlp, parameterCount, type MlpShape } from './mlp.js';

/**
 * The nets' file format: compact, little-endian, loadable without parsing floats one by one.
 *
 *   bytes 0–7   magic "NRDYNET1"
 *   bytes 8–11  u32: length L of the JSON header
 *   12 …        the header (UTF-8 JSON, `NetMeta`), zero-padded to a multiple of 4
 *   then        float32 w1, b1, w2, b2 (the `Mlp` layout), nothing after
 */
export interface NetMeta {
  readonly shape: MlpShape;
  /** Which input encoding the net reads (`inputs.ts` names them), so a file can't be fed the wrong inputs. */
  readonly encoding: string;
  /** What the net was trained for: `short/contact`, `short/race`, `long/contact` … */
  readonly name: string;
  /** Training provenance: generation, games of self-play, script and its settings (free-form). */
  readonly training?: Readonly<Record<string, unknown>>;
}

/** A decoded net file: the net and its header. */
export interface LoadedNet {
  readonly net: Mlp;
  readonly meta: NetMeta;
}

export interface NetFileError {
  readonly code: 'BAD_NET_FILE';
  readonly message: string;
}

const MAGIC = 'NRDYNET1';

export function encodeNet(net: Mlp, meta: Omit<NetMeta, 'shape'>): Uint8Array {
  const header = new TextEncoder().encode(JSON.stringify({ ...meta, shape: net.shape }));
  const headerPadded = Math.ceil(header.length / 4) * 4;
  const floats = parameterCount(net.shape);
  const bytes = new Uint8Array(12 + headerPadded + floats * 4);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(8, header.length, true);
  bytes.set(header, 12);
  let at = 12 + headerPadded;
  for (const part of [net.weights.w1, net.weights.b1, net.weights.w2, net.weights.b2]) {
    for (let i = 0; i < part.length; i++, at += 4) view.setFloat32(at, part[i]!, true);
  }
  return bytes;
}

const fail = (message: string): Result<never, NetFileError> => ({ ok: false, error: { code: 'BAD_NET_FILE', message } });

export function decodeNet(bytes: Uint8Array): Result<LoadedNet, NetFileError> {
  if (bytes.length < 12 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) return fail('not a Nardy net file (bad magic)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(8, true);
  if (12 + headerLength > bytes.length) return fail('truncated header');
  let meta: NetMeta;
  try {
    meta = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength))) as NetMeta;
  } catch {
    return fail('the header is not JSON');
  }
  const s = meta?.shape;
  if (!s || ![s.inputs, s.hidden, s.outputs].every((n) => Number.isInteger(n) && n > 0 && n < 1e6) || typeof meta.encoding !== 'string') {
    return fail('the header lacks a valid shape or encoding');
  }
  const start = 12 + Math.ceil(headerLength / 4) * 4;
  const floats = parameterCount(s);
  if (bytes.length !== start + floats * 4) return fail(`expected ${floats} weights, file has ${(bytes.length - start) / 4}`);
  const all = new Float32Array(floats);
  for (let i = 0; i < floats; i++) {
    const x = view.getFloat32(start + i * 4, true);
    if (!Number.isFinite(x)) return fail(`weight ${i} is not a finite number`);
    all[i] = x;
  }
  let at = 0;
  const take = (n: number): Float32Array => all.subarray(at, (at += n));
  const net = new Mlp(s, { w1: take(s.inputs * s.hidden), b1: take(s.hidden), w2: take(s.outputs * s.hidden), b2: take(s.outputs) });
  return { ok: true, value: { net, meta } };
}
