import { createHash, randomUUID } from 'node:crypto';
import { parseFormatTemplate } from '../intrinsics/format-template.ts';
import { HASH_ALGORITHMS, MAX_ENCODE_INPUT } from '../intrinsics/intrinsic-values.ts';
import { isObject } from '../json.ts';
import { describeValue } from './json-values.ts';
import { chargeCompute, textUnits } from './compute-budget.ts';
import { type IntrinsicImpl, intrinsicFailure, jsonText, stringArg } from './intrinsic-args.ts';

const NODE_HASH: Record<(typeof HASH_ALGORITHMS)[number], string> = {
  MD5: 'md5',
  'SHA-1': 'sha1',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
};

/**
 * String, encoding, hashing and UUID intrinsics. Decisions:
 * - Format: a literal template honours `\{ \}` escapes; a template that comes from a path or a
 *   call is taken as is, every `{}` in it being a placeholder. Values must be strings, numbers,
 *   booleans or null, interpolated in their natural form (strings without quotes); the spec
 *   forbids arrays and objects.
 * - StringSplit: every character of the second argument is a delimiter and empty pieces are
 *   dropped (AWS behaves like Java's StringTokenizer: "a,,b" split on "," is ["a","b"]).
 * - Hash: a string is hashed as its UTF-8 bytes; any other value as its compact JSON text. The
 *   data is limited to 10,000 characters, like the Base64 inputs. Digests are lowercase hex.
 */
export const STRING_INTRINSICS = {
  'States.Format': (args, call) => {
    const first = call.args[0];
    const template = stringArg(call, args, 0);
    const pieces = first?.type === 'string' ? literalPieces(first.raw, call) : template.split('{}');
    const values = args.slice(1);
    if (pieces.length - 1 !== values.length) {
      intrinsicFailure(call, `the template has ${pieces.length - 1} placeholder(s) but ${values.length} value(s) were given`);
    }
    return pieces.reduce((out, piece, i) => out + formatValue(call, values[i - 1], i) + piece);
  },

  'States.StringSplit': (args, call) => {
    const text = stringArg(call, args, 0);
    chargeCompute(textUnits(text));
    const delimiters = new Set(Array.from(stringArg(call, args, 1)));
    const pieces: string[] = [];
    let piece = '';
    for (const ch of Array.from(text)) {
      if (!delimiters.has(ch)) piece += ch;
      else if (piece) (pieces.push(piece), (piece = ''));
    }
    if (piece) pieces.push(piece);
    return pieces;
  },

  'States.Base64Encode': (args, call) => Buffer.from(limited(call, stringArg(call, args, 0)), 'utf8').toString('base64'),

  'States.Base64Decode': (args, call) => {
    const encoded = limited(call, stringArg(call, args, 0));
    if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) intrinsicFailure(call, 'the input is not valid base64');
    return Buffer.from(encoded, 'base64').toString('utf8');
  },

  'States.Hash': (args, call) => {
    const data = typeof args[0] === 'string' ? args[0] : jsonText(call, args[0]);
    const algorithm = stringArg(call, args, 1);
    if (!Object.prototype.hasOwnProperty.call(NODE_HASH, algorithm)) {
      intrinsicFailure(call, `the algorithm must be one of ${HASH_ALGORITHMS.join(', ')}, got ${JSON.stringify(algorithm)}`);
    }
    const name = NODE_HASH[algorithm as keyof typeof NODE_HASH];
    return createHash(name).update(limited(call, data), 'utf8').digest('hex');
  },

  'States.UUID': () => randomUUID(),
} satisfies Record<string, IntrinsicImpl>;

function literalPieces(raw: string, call: Parameters<IntrinsicImpl>[1]): string[] {
  const parsed = parseFormatTemplate(raw);
  if (!parsed.ok) return intrinsicFailure(call, `template: ${parsed.error}`);
  const pieces = [''];
  for (const part of parsed.parts) {
    if (part.type === 'placeholder') pieces.push('');
    else pieces[pieces.length - 1] += part.value;
  }
  return pieces;
}

function formatValue(call: Parameters<IntrinsicImpl>[1], value: unknown, position: number): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  const kind = Array.isArray(value) || isObject(value) ? describeValue(value) : 'not a JSON value';
  return intrinsicFailure(call, `argument ${position + 1} is ${kind}; only strings, numbers, booleans and null can be interpolated`);
}

function limited(call: Parameters<IntrinsicImpl>[1], text: string): string {
  if (text.length > MAX_ENCODE_INPUT) intrinsicFailure(call, `the input has ${text.length} characters (at most ${MAX_ENCODE_INPUT})`);
  return text;
}
