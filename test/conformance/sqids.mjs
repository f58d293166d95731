// sqids.mjs: Sqids in both editions against the reference implementation
// (npm sqids), on random numbers, alphabets, minimum lengths and
// blocklists, both ways:
//   node sqids.mjs PORT SQL_EDITION_DATABASE [COUNT]
// - encoding: the C extension (database postgres, schema public) and the
//   SQL edition (schema idgen_sql of the other database) give the same text,
//   or the same error in full (SQLSTATE, message, detail, hint); the
//   reference gives that text, or refuses for the same reason
// - decoding: the reference's texts, and texts near them (a character
//   changed, one more, one fewer, random ones): both editions give the same
//   numbers, and the reference's decode gives them too when the text is
//   canonical (its encode gives it back), else both editions give '{}'
// - numbers past 2^53 - 1 (the reference stops there): both editions agree,
//   and decode what they encode
// Prints each comparison's count and differences; exits 1 on any difference.
import { execFileSync } from "node:child_process";
import Sqids, { defaultOptions } from "sqids";

const [port, sqledDb] = process.argv.slice(2, 4);
const count = Number(process.argv[4] ?? 3000);
if (!port || !sqledDb) throw new Error("usage: node sqids.mjs PORT SQL_EDITION_DATABASE [COUNT]");

// a deterministic generator, so a failure can be run again (SQIDS_SEED)
let seed = Number(process.env.SQIDS_SEED ?? Date.now() % 1e9);
console.log(`seed ${seed}`);
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const randInt = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const pick = (xs) => xs[randInt(0, xs.length - 1)];

const printable = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join("");
const shuffled = (s) => {
  const a = [...s];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randInt(0, i);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.join("");
};

function randomAlphabet() {
  const r = random();
  if (r < 0.35) return defaultOptions.alphabet;
  if (r < 0.45) return shuffled(defaultOptions.alphabet);
  if (r < 0.55) return shuffled("abcdefghijklmnopqrstuvwxyz").slice(0, randInt(3, 8));
  if (r < 0.9) return shuffled(printable).slice(0, randInt(3, 94));
  // refused: a repeat, too short, a multibyte character
  return pick([() => "aabcdefg", () => "ab", () => "", () => "ë1092", () => shuffled("abcdef€"),
               () => { const a = shuffled(printable).slice(0, 20); return a + a[randInt(0, 19)]; }])();
}

function randomNumber(safe) {
  const bits = randInt(0, safe ? 53 : 63);
  if (bits <= 53) return BigInt(Math.min(Math.floor(random() * 2 ** bits), Number.MAX_SAFE_INTEGER));
  const hi = BigInt(Math.floor(random() * 2 ** (bits - 32)));
  return (hi << 32n) | BigInt(Math.floor(random() * 2 ** 32));
}

const randomNumbers = (safe) => {
  const n = random() < 0.1 ? 0 : random() < 0.7 ? 1 : randInt(2, 8);
  const xs = Array.from({ length: n }, () => randomNumber(safe));
  if (safe && random() < 0.03 && n > 0) xs[randInt(0, n - 1)] = -BigInt(randInt(1, 1000));
  return xs;
};

// the reference, or its refusal as a reason
const reasons = [
  [/multibyte/, "multibyte"], [/Alphabet length/, "alphabet length"], [/unique/, "repeat"],
  [/Minimum length/, "min_length"], [/Encoding supports/, "number range"], [/max attempts/, "blocked"],
];
const reasonOf = (e) => (reasons.find(([re]) => re.test(e.message)) ?? [null, "other: " + e.message])[1];
// ours: SQLSTATE and message
const ourReason = (outcome) => {
  const m = /^error (\w+): (.*?) \| detail/.exec(outcome);
  if (!m) return null;
  const [, state, msg] = m;
  if (state === "22023" && / has a multibyte character/.test(msg)) return "multibyte";
  if (state === "22023" && /^alphabet .* is out of range/.test(msg)) return "alphabet length";
  if (state === "22023" && /^alphabet .* repeats/.test(msg)) return "repeat";
  if (state === "22023" && /^min_length -?\d+ is out of range/.test(msg)) return "min_length";
  if (state === "22003" && /^number -\d+ is out of range/.test(msg)) return "number range";
  if (state === "22023" && /holds a blocklist word$/.test(msg)) return "blocked";
  return `other: ${state} ${msg}`;
};

function reference(options) {
  try {
    return { sqids: new Sqids(options) };
  } catch (e) {
    return { error: reasonOf(e) };
  }
}

const refEncode = (options, numbers) => {
  const { sqids, error } = reference(options);
  if (error) return { error };
  try {
    return { value: sqids.encode(numbers.map(Number)) };
  } catch (e) {
    return { error: reasonOf(e) };
  }
};

// the reference's decode, then the canonical check
const refDecode = (options, id) => {
  const { sqids, error } = reference(options);
  if (error) return { error };
  const numbers = sqids.decode(id);
  if (numbers.some((n) => n > Number.MAX_SAFE_INTEGER)) return { skip: true };
  let canonical = false;
  try {
    canonical = numbers.length > 0 && sqids.encode(numbers) === id;
  } catch { /* no text for them: not canonical */ }
  return { value: canonical ? `{${numbers.join(",")}}` : "{}" };
};

function randomBlocklist(alphabet, minLength, numbers) {
  const r = random();
  if (r < 0.45) return null;  // the default
  if (r < 0.55) return [];
  // words cut from the text these numbers get without a blocklist, in any
  // case, so that the rule (whole, ends, anywhere) is met; random ones too
  const words = [];
  const plain = refEncode({ alphabet, minLength, blocklist: new Set() }, numbers.filter((n) => n >= 0));
  const text = plain.value ?? "";
  for (let k = randInt(0, 4); k > 0 && text.length >= 3; k--) {
    const len = randInt(3, Math.min(text.length, 8));
    const at = pick([0, text.length - len, randInt(0, text.length - len)]);
    const w = text.slice(at, at + len);
    words.push(random() < 0.5 ? w : random() < 0.5 ? w.toUpperCase() : w.toLowerCase());
  }
  for (let k = randInt(0, 3); k > 0; k--)
    words.push(Array.from({ length: randInt(1, 6) }, () => pick([...alphabet.slice(0, 10), "1", "x"])).join(""));
  return words;
}

// COPY text format: backslash, tab and newline escaped
const copy = (s) => s.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n");
const arrayLiteral = (xs) => "{" + xs.map((x) => `"${String(x).replace(/[\\"]/g, (c) => "\\" + c)}"`).join(",") + "}";

// ---- the cases
const cases = [];  // { kind, numbers|id, alphabet, minLength, blocklist, expected }
for (let i = 0; i < count; i++) {
  const alphabet = randomAlphabet();
  const minLength = random() < 0.03 ? pick([-1, 256, 255, 0]) : random() < 0.6 ? 0 : randInt(0, random() < 0.8 ? 20 : 255);
  const safe = random() < 0.85;
  const numbers = randomNumbers(safe);
  const blocklist = randomBlocklist(alphabet, minLength, numbers);
  const options = { alphabet, minLength, ...(blocklist ? { blocklist: new Set(blocklist) } : {}) };
  const expected = safe ? refEncode(options, numbers) : { skip: true };
  cases.push({ kind: "encode", numbers, alphabet, minLength, blocklist, expected });

  // texts to decode: the reference's, near it, and random
  const made = refEncode(options, numbers.filter((n) => n >= 0 && n <= BigInt(Number.MAX_SAFE_INTEGER)));
  let id = made.value ?? "";
  const chars = [...alphabet];
  const r = random();
  if (r < 0.4 || !id) id = id || Array.from({ length: randInt(0, 12) }, () => pick(chars.length ? chars : ["a"])).join("");
  else if (r < 0.55) id = id.slice(0, -1);
  else if (r < 0.7) id = id + pick(chars);
  else if (r < 0.85) { const at = randInt(0, id.length - 1); id = id.slice(0, at) + pick(chars) + id.slice(at + 1); }
  else if (r < 0.9) id = id + pick(["*", "ë", " "]);
  // else: as made
  cases.push({ kind: "decode", id, alphabet, minLength, blocklist, expected: refDecode(options, id) });
}
// what the editions alone can check: numbers past 2^53 - 1 round trip (no
// blocklist: base 2 text of 63 digits holds some default word in every attempt)
for (let i = 0; i < count / 10; i++) {
  const numbers = Array.from({ length: randInt(1, 4) }, () => randomNumber(false));
  cases.push({ kind: "roundtrip", numbers, alphabet: pick([defaultOptions.alphabet, "abc", shuffled(printable)]),
               minLength: randInt(0, 30), blocklist: [], expected: { value: `{${numbers.join(",")}}` } });
}
// the functions' defaults (no options given)
for (const numbers of [[1n, 2n, 3n], [4572721n], [], [0n]])
  cases.push({ kind: "defaults", numbers, alphabet: defaultOptions.alphabet, minLength: 0, blocklist: null,
               expected: refEncode({}, numbers) });

const rows = cases.map((c, n) => [n, c.kind, c.kind === "decode" ? "\\N" : "{" + c.numbers.join(",") + "}",
  c.kind === "decode" ? c.id : "\\N", c.alphabet, c.minLength, c.blocklist ? arrayLiteral(c.blocklist) : "\\N"]
  .map((f) => (f === "\\N" ? f : copy(String(f)))).join("\t"));

const script = (schema) => `
SET search_path = ${schema}, pg_catalog;
CREATE TEMP TABLE cases (n int, kind text, numbers bigint[], id text, alphabet text, min_length int, blocklist text[]);
COPY cases FROM STDIN;
${rows.join("\n")}
\\.
CREATE FUNCTION pg_temp.outcome(q text, c cases) RETURNS text LANGUAGE plpgsql AS $f$
DECLARE r text; st text; msg text; det text; hnt text;
BEGIN
    EXECUTE q INTO r USING c.numbers, c.id, c.alphabet, c.min_length, COALESCE(c.blocklist, sqids_default_blocklist());
    RETURN 'value ' || r;
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL, hnt = PG_EXCEPTION_HINT;
    RETURN format('error %s: %s | detail: %s | hint: %s', st, msg, det, hnt);
END $f$;
SELECT n, pg_temp.outcome(CASE kind
    WHEN 'encode' THEN 'SELECT sqids_encode($1, $3, $4, $5)'
    WHEN 'decode' THEN 'SELECT sqids_decode($2, $3, $4, $5)::text'
    WHEN 'roundtrip' THEN 'SELECT sqids_decode(sqids_encode($1, $3, $4, $5), $3, $4, $5)::text'
    ELSE 'SELECT sqids_encode($1)' END, c)
  FROM cases c ORDER BY n;
`;

const run = (db, schema) =>
  execFileSync("psql", ["-X", "-q", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", port,
                        "-U", "postgres", "-d", db, "-f", "-"],
               { input: script(schema), maxBuffer: 1 << 28, encoding: "utf8" })
    .split("\n").filter((l) => l !== "").map((l) => l.split("\t")[1]);

const started = Date.now();
const c = run("postgres", "public");
const cSeconds = (Date.now() - started) / 1000;
const sql = run(sqledDb, "idgen_sql");
console.log(`${cases.length} calls: C extension ${cSeconds.toFixed(1)} s, SQL edition ${((Date.now() - started) / 1000 - cSeconds).toFixed(1)} s`);

let failures = 0;
const report = (what, checked, differences) => {
  console.log(`${what}: ${checked} checked, ${differences.length} differences`);
  for (const d of differences.slice(0, 5)) console.log("  ", JSON.stringify(d, (k, v) => (typeof v === "bigint" ? String(v) : v)));
  if (differences.length || checked === 0) failures++;
};

if (c.length !== cases.length || sql.length !== cases.length) {
  console.log(`rows: ${c.length} and ${sql.length}, not ${cases.length}`);
  process.exit(1);
}
const editions = cases.map((k, i) => ({ ...k, c: c[i], sql: sql[i] })).filter((k) => k.c !== k.sql);
report("C extension and SQL edition, value by value and error by error", cases.length, editions);

for (const kind of ["encode", "decode", "roundtrip", "defaults"]) {
  const checked = cases.map((k, i) => ({ ...k, got: c[i] })).filter((k) => k.kind === kind && !k.expected.skip);
  const bad = checked.filter((k) => (k.expected.error ? ourReason(k.got) !== k.expected.error
                                                      : k.got !== "value " + k.expected.value));
  const refusals = checked.filter((k) => k.expected.error).length;
  report(`${kind}: the reference's (${refusals} refusals among them)`, checked.length, bad);
}
// the rules are met, not only passed over: texts blocked, padded, refused
const blocked = cases.filter((k) => k.kind === "encode" && k.blocklist?.length && k.expected.value !== undefined &&
                                    refEncode({ alphabet: k.alphabet, minLength: k.minLength, blocklist: new Set() },
                                              k.numbers).value !== k.expected.value).length;
const canonical = cases.filter((k) => k.kind === "decode" && k.expected.value && k.expected.value !== "{}").length;
const nonCanonical = cases.filter((k) => k.kind === "decode" && k.expected.value === "{}" && k.id.length > 1).length;
console.log(`cases whose blocklist changed the text: ${blocked}; canonical texts decoded: ${canonical}; ` +
            `other texts: ${nonCanonical}`);
if (blocked < count / 100 || canonical < count / 10 || nonCanonical < count / 10) {
  console.log("too few cases exercise the blocklist or the canonical check");
  failures++;
}
process.exit(failures ? 1 : 0);
