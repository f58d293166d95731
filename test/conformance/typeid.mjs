// typeid.mjs: TypeID's JavaScript implementation by its authors (typeid-js,
// pinned in package.json) on one side of test/integration/conformance_typeid.sh.
//   node typeid.mjs theirs N SEED     N TypeIDs typeid-js makes (half new,
//                                     UUIDv7; half of random UUIDs of any
//                                     version), as text, prefix, uuid, v7 ms
//   node typeid.mjs prefixes N SEED   N valid random prefixes: the edges
//                                     (empty, one letter, 63 characters,
//                                     underscores inside) first
//   node typeid.mjs candidates N SEED N texts near valid ones (one character
//                                     changed, one added or removed), each with
//                                     typeid-js's verdict, prefix and uuid
//   node typeid.mjs check             reads the server's text, prefix, uuid
//                                     and v7 ms; typeid-js parses each text:
//                                     the fields and the text must be equal
//   node typeid.mjs vectors DIR       typeid-js against the spec's vectors
// TSV on stdout, as COPY reads it (\N: NULL). Exits non-zero on a difference.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { TypeID, typeid } from 'typeid-js';

// a small seeded generator (mulberry32): the same seed, the same values
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const letters = 'abcdefghijklmnopqrstuvwxyz';

function randomPrefix(r) {
  const len = Math.floor(r() * 64);
  let p = '';
  for (let i = 0; i < len; i++) {
    const inside = i > 0 && i + 1 < len;
    p += inside && r() < 0.2 ? '_' : letters[Math.floor(r() * 26)];
  }
  return p;
}

const edgePrefixes = ['', 'a', 'z', 'ab', 'a_b', 'a__b', 'user', 'pre_fix',
  'a'.repeat(63), 'z' + '_'.repeat(61) + 'z', 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk'];

function prefixes(n, r) {
  const out = edgePrefixes.slice(0, n);
  while (out.length < n) out.push(randomPrefix(r));
  return out;
}

function uuidOfBytes(b) {
  const h = Buffer.from(b).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// a UUIDv7's Unix ms (version 7, variant 10), else NULL: as typeid_timestamp
function v7ms(uuid) {
  const h = uuid.replace(/-/g, '');
  if (h[12] !== '7' || (parseInt(h[16], 16) & 0xc) !== 0x8) return '\\N';
  return String(parseInt(h.slice(0, 12), 16));
}

// The UUID's bytes, read and written as bytes: typeid-js's toUUID() and
// fromUUID() go through the uuid package, which refuses UUIDs of no RFC 9562
// version (spec/valid.yml's "one", "ten", "valid-alphabet"...): the spec
// asks implementations to read them, so they are compared as bytes here.
const uuidOf = (t) => uuidOfBytes(t.toUUIDBytes());
const bytesOf = (uuid) => Uint8Array.from(Buffer.from(uuid.replace(/-/g, ''), 'hex'));

function row(t) {
  const uuid = uuidOf(t);
  return [t.toString(), t.getType(), uuid, v7ms(uuid)].join('\t');
}

function theirs(n, r) {
  const lines = [];
  for (const [i, p] of prefixes(n, r).entries()) {
    if (i % 2 === 0) {
      lines.push(row(typeid(p)));
    } else {
      const bytes = new Uint8Array(16).map(() => Math.floor(r() * 256));
      // now and then the edges: all zero, all one
      if (i % 97 === 1) bytes.fill(0);
      if (i % 97 === 3) bytes.fill(255);
      lines.push(row(TypeID.fromUUIDBytes(p, bytes)));
    }
  }
  return lines;
}

// characters a mistake puts in: upper case, i l o u, '_', 8 and 9 (above 7
// first), '-', ' ', '.', a multibyte letter; never tab, newline or backslash
const noise = 'ABZILOUilou_89-. é0z';

function candidates(n, r) {
  const lines = [];
  const base = theirs(Math.max(n, 1), r).map((l) => l.split('\t')[0]);
  for (let i = 0; i < n; i++) {
    let t = base[i % base.length];
    const at = Math.floor(r() * (t.length + 1));
    const c = noise[Math.floor(r() * noise.length)];
    const kind = Math.floor(r() * 3);
    if (kind === 0) t = t.slice(0, at) + c + t.slice(at + 1);
    else if (kind === 1) t = t.slice(0, at) + c + t.slice(at);
    else t = t.slice(0, at) + t.slice(at + 1);
    let verdict = ['0', '\\N', '\\N'];
    try {
      const parsed = TypeID.fromString(t);
      verdict = ['1', parsed.getType(), uuidOf(parsed)];
    } catch {
      // refused
    }
    lines.push([t, ...verdict].join('\t'));
  }
  return lines;
}

async function check() {
  let checked = 0;
  let differences = 0;
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of input) {
    if (line === '') continue;
    const [text, prefix, uuid, ms] = line.split('\t');
    checked++;
    let why = null;
    try {
      const t = TypeID.fromString(text);
      if (t.getType() !== prefix) why = `prefix ${t.getType()}`;
      else if (uuidOf(t) !== uuid) why = `uuid ${uuidOf(t)}`;
      else if (t.toString() !== text) why = `text ${t.toString()}`;
      else if (v7ms(uuid) !== ms) why = `v7 ms ${v7ms(uuid)}`;
      else if (TypeID.fromUUIDBytes(prefix, bytesOf(uuid)).toString() !== text) why = 'fromUUIDBytes';
    } catch (e) {
      why = `refused: ${e.message}`;
    }
    if (why !== null) {
      differences++;
      if (differences <= 10) console.error(`DIFFERENT ${line}: typeid-js says ${why}`);
    }
  }
  console.log(`typeid-js read ${checked} of the server's TypeIDs: ${differences} differences`);
  return checked > 0 && differences === 0;
}

function tsv(file) {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l !== '' && !l.startsWith('#')).map((l) => l.split('\t'));
}

function vectors(dir) {
  let differences = 0;
  const valid = tsv(`${dir}/typeid_valid.tsv`);
  for (const [name, text, prefix, uuid] of valid) {
    const p = prefix === '-' ? '' : prefix;
    try {
      const t = TypeID.fromString(text);
      if (t.getType() !== p || uuidOf(t) !== uuid || TypeID.fromUUIDBytes(p, bytesOf(uuid)).toString() !== text) {
        differences++;
        console.error(`DIFFERENT valid ${name}`);
      }
    } catch (e) {
      differences++;
      console.error(`DIFFERENT valid ${name}: refused: ${e.message}`);
    }
  }
  const invalid = tsv(`${dir}/typeid_invalid.tsv`);
  for (const [name, text] of invalid) {
    try {
      TypeID.fromString(text);
      differences++;
      console.error(`DIFFERENT invalid ${name}: typeid-js accepts it`);
    } catch {
      // refused, as the spec says
    }
  }
  console.log(`typeid-js on the spec's ${valid.length} valid and ${invalid.length} invalid vectors: ${differences} differences`);
  return differences === 0;
}

const [mode, a, b] = process.argv.slice(2);
const r = rng(Number(b ?? 1));
let ok = true;
if (mode === 'theirs') console.log(theirs(Number(a), r).join('\n'));
else if (mode === 'prefixes') console.log(prefixes(Number(a), r).join('\n'));
else if (mode === 'candidates') console.log(candidates(Number(a), r).join('\n'));
else if (mode === 'check') ok = await check();
else if (mode === 'vectors') ok = vectors(a);
else {
  console.error('usage: typeid.mjs theirs|prefixes|candidates N SEED | check | vectors DIR');
  ok = false;
}
// exitCode, not exit(): stdout to a pipe is written asynchronously
process.exitCode = ok ? 0 : 1;
