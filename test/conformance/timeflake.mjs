// timeflake.mjs: idgen's timeflake against an independent implementation of
// the reference's documented format (anthonynsimon/timeflake: 48-bit Unix ms
// and 80 random bits; base62 with the alphabet 0-9A-Za-z, zero-padded to 22
// characters; or 32 hex digits), in BigInt arithmetic. No npm package
// implements Timeflake; the Python reference's README examples are the
// published vectors (test/vectors/timeflake_published.tsv).
// Columns: base62, hex bytes, Unix ms, random (decimal). See lib/fixed_size.mjs.
import "./lib/webcrypto.mjs";
import { randomBytes } from "node:crypto";
import { main } from "./lib/fixed_size.mjs";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const MAX = (1n << 128n) - 1n;

function toBase62(n) {
  let s = "";
  while (n > 0n) {
    s = BASE62[Number(n % 62n)] + s;
    n /= 62n;
  }
  return s.padStart(22, "0");
}

function fromBase62(text) {
  if (text.length !== 22) throw new Error(`${text.length} characters`);
  let n = 0n;
  for (const c of text) {
    const d = BASE62.indexOf(c);
    if (d < 0) throw new Error(`${c} is not base62`);
    n = n * 62n + BigInt(d);
  }
  if (n > MAX) throw new Error("above 2^128 - 1");
  return n;
}

function fromHex(text) {
  if (!/^[0-9a-fA-F]{32}$/.test(text)) throw new Error("not 32 hex digits");
  return BigInt("0x" + text);
}

const hexOf = (n) => n.toString(16).padStart(32, "0");
const valueOf = (text) => (text.length === 32 ? fromHex(text) : fromBase62(text));

// as the reference's random(): Unix ms << 80 | 80 random bits
function reference() {
  const random = BigInt("0x" + randomBytes(10).toString("hex"));
  return toBase62((BigInt(Date.now()) << 80n) | random);
}

main({
  name: "timeflake",
  len: 16,
  fromReference: reference,
  textOf: (bytes) => toBase62(BigInt("0x" + Buffer.from(bytes).toString("hex"))),
  rowOf(text) {
    const n = valueOf(text);
    return [toBase62(n), hexOf(n), String(n >> 80n), String(n & ((1n << 80n) - 1n))];
  },
  // published: base62, hex, unix ms, random; the hex form reads the same
  vectorFields: (row) => {
    const n = fromHex(row[1]);
    if (toBase62(n) !== row[0]) return ["hex and base62 differ", row[1]];
    return row.slice(0, 4);
  },
});
