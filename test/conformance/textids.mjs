// textids.mjs: KSUID-ms, nanoid, cuid2 and push IDs against their reference
// implementations, both ways, on a server at the port given:
//   node textids.mjs PORT [COUNT]
// - nanoid (npm nanoid): the server's IDs keep to the reference's alphabet
//   and size, for the default and custom alphabets; the reference's IDs are
//   what the server's shape check accepts.
// - cuid2 (npm @paralleldrive/cuid2): the server's IDs pass the reference's
//   isCuid at every length; the reference's createId() pass cuid2_is_valid;
//   and isCuid and cuid2_is_valid agree on thousands of random strings.
// - KSUID-ms: svix-ksuid's KsuidMs (src/lib.rs: from_millis, timestamp)
//   written out here, with npm ksuid for the KSUID bytes and text: the
//   server's ksuid_ms() decoded by both, and KsuidMs values made here from
//   random ms decoded by the server (ksuid_ms_timestamp, ksuid_timestamp).
// - push IDs: Firebase's generatePushID (the published gist) written out
//   here: its IDs for random ms decoded by pushid_timestamp, the server's
//   decoded here; the server's same-ms IDs one apart as the gist makes them.
// Prints each comparison's count and differences; exits 1 on any difference.
import { execFileSync } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { createRequire } from "node:module";
import { customAlphabet, nanoid, urlAlphabet } from "nanoid";
import { createId, init, isCuid } from "@paralleldrive/cuid2";

const require = createRequire(import.meta.url);
const KSUID = require("ksuid");

const port = process.argv[2];
const count = Number(process.argv[3] ?? 5000);
if (!port) throw new Error("usage: node textids.mjs PORT [COUNT]");

// psql with stdin as the script; returns the rows it prints, fields split on tabs
const psql = (script) =>
  execFileSync("psql", ["-X", "-q", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1",
                        "-p", port, "-U", "postgres", "-d", "postgres", "-f", "-"],
               { input: script, maxBuffer: 1 << 28, encoding: "utf8" })
    .split("\n").filter((l) => l !== "").map((l) => l.split("\t"));
// a temp table t(v text, w text) holding rows, then query
const withRows = (rows, query) =>
  psql("CREATE TEMP TABLE t (n int, v text, w text);\nCOPY t FROM STDIN;\n" +
       rows.map((r, i) => [i, ...r].join("\t")).join("\n") + "\n\\.\n" + query);

let failures = 0;
const report = (what, checked, differences) => {
  console.log(`${what}: ${checked} checked, ${differences.length} differences`);
  for (const d of differences.slice(0, 5)) console.log("  ", JSON.stringify(d));
  if (differences.length || checked === 0) failures++;
};

// ---- nanoid
{
  const rows = psql(`SELECT nanoid() FROM generate_series(1, ${count});`);
  const bad = rows.map((r) => r[0]).filter((id) => id.length !== 21 || [...id].some((c) => !urlAlphabet.includes(c)));
  report("nanoid(): the reference's size and alphabet", rows.length, bad);
  const alphabets = ["0123456789abcdef", "ab", "äöü€xyz", urlAlphabet.slice(0, 37)];
  for (const a of alphabets) {
    const custom = psql(`SELECT nanoid(17, '${a}') FROM generate_series(1, ${count / 5});`);
    const badCustom = custom.map((r) => r[0]).filter((id) => [...id].length !== 17 || [...id].some((c) => !a.includes(c)));
    report(`nanoid(17, '${a}'): in its alphabet`, custom.length, badCustom);
  }
  // the reference's IDs: the shape the server's nanoid() has
  const theirs = Array.from({ length: count }, () => [nanoid(), customAlphabet("0123456789abcdef", 17)()]);
  const refused = withRows(theirs, `SELECT v, w FROM t WHERE v !~ '^[-_0-9A-Za-z]{21}$' OR w !~ '^[0-9a-f]{17}$';`);
  report("reference nanoid(): the server's shape", theirs.length, refused);
}

// ---- cuid2
{
  const all = psql(`SELECT n, cuid2(n) FROM generate_series(2, 32) n, generate_series(1, ${Math.ceil(count / 31)});
                    SELECT 24, cuid2() FROM generate_series(1, ${count});`);
  const bad = all.filter(([n, id]) => !isCuid(id) || id.length !== Number(n));
  report("cuid2(n) and cuid2(): the reference's isCuid", all.length, bad);
  const theirs = [];
  for (let n = 2; n <= 32; n++) {
    const make = init({ length: n });
    for (let i = 0; i < count / 31; i++) theirs.push([make(), n]);
  }
  for (let i = 0; i < count; i++) theirs.push([createId(), 24]);
  const refused = withRows(theirs, "SELECT v FROM t WHERE NOT cuid2_is_valid(v) OR length(v) <> w::int;");
  report("reference createId(): cuid2_is_valid", theirs.length, refused);
  // random strings near the rules: lengths 0 to 34, characters around a-z and 0-9
  const near = "abz09AZ-_`{/:é ";
  const strings = Array.from({ length: count }, () => {
    const len = randomInt(0, 35);
    const pool = randomInt(0, 4) === 0 ? near : "abcdefghijklmnopqrstuvwxyz0123456789";
    return Array.from({ length: len }, () => pool[randomInt(0, pool.length)]).join("");
  });
  const server = withRows(strings.map((s) => [s.replace(/\\/g, "\\\\"), ""]), "SELECT n, cuid2_is_valid(v) FROM t ORDER BY n;");
  const disagree = server.filter(([n, valid]) => (valid === "t") !== isCuid(strings[Number(n)]))
                         .map(([n, valid]) => ({ text: strings[Number(n)], server: valid, isCuid: isCuid(strings[Number(n)]) }));
  report("isCuid = cuid2_is_valid on random strings", server.length, disagree);
}

// ---- KSUID-ms (svix's KsuidMs)
const svixFromMillis = (ms, payload15) => {
  const payload = Buffer.concat([Buffer.from([(ms % 1000) >> 2]), payload15]);  // timestamp_ms byte
  return KSUID.fromParts(ms - (ms % 1000), payload);  // the second, then the payload
};
const svixTimestampMs = (ksuid) => {
  const raw = ksuid.raw;  // 20 bytes
  return (raw.readUInt32BE(0) + 1400000000) * 1000 + ((raw[4] << 2) % 1000);
};
{
  const rows = psql(`SELECT k::text, (extract(epoch FROM ksuid_ms_timestamp(k)) * 1000)::bigint,
                            extract(epoch FROM ksuid_timestamp(k))::bigint
                     FROM (SELECT ksuid_ms() AS k FROM generate_series(1, ${count})) g;`);
  const bad = rows.filter(([text, ms, s]) => {
    const k = KSUID.parse(text);
    return k.string !== text || svixTimestampMs(k) !== Number(ms) || k.date.getTime() !== Number(s) * 1000;
  });
  report("ksuid_ms(): svix's and npm ksuid's decoders", rows.length, bad);
  // svix's KsuidMs for random ms across the whole range, and its two ends
  const mine = [];
  const lo = 1400000000000, hi = 1400000000000 + (2 ** 32 - 1) * 1000 + 999;
  for (let i = 0; i < count; i++) {
    const ms = i === 0 ? lo : i === 1 ? hi : randomInt(lo, hi + 1);
    mine.push([svixFromMillis(ms, randomBytes(15)).string, ms - (ms % 4)]);
  }
  const decoded = withRows(mine, `SELECT n, v, (extract(epoch FROM ksuid_ms_timestamp(v::ksuid)) * 1000)::bigint,
                                         v::ksuid::text FROM t ORDER BY n;`);
  const differ = decoded.filter(([n, v, ms, back]) => Number(ms) !== mine[Number(n)][1] || back !== v);
  report("svix KsuidMs values: ksuid_ms_timestamp and the text round trip", decoded.length, differ);
}

// ---- push IDs (Firebase's generatePushID)
const PUSH_CHARS = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
const firebase = (() => {
  let lastPushTime = 0;
  const lastRandChars = [];
  return (now) => {
    const duplicateTime = now === lastPushTime;
    lastPushTime = now;
    const timeStampChars = new Array(8);
    for (let i = 7; i >= 0; i--) {
      timeStampChars[i] = PUSH_CHARS.charAt(now % 64);
      now = Math.floor(now / 64);
    }
    if (now !== 0) throw new Error("We should have converted the entire timestamp.");
    let id = timeStampChars.join("");
    if (!duplicateTime) {
      for (let i = 0; i < 12; i++) lastRandChars[i] = randomInt(0, 64);
    } else {
      let i;
      for (i = 11; i >= 0 && lastRandChars[i] === 63; i--) lastRandChars[i] = 0;
      lastRandChars[i]++;
    }
    for (let i = 0; i < 12; i++) id += PUSH_CHARS.charAt(lastRandChars[i]);
    return id;
  };
})();
const pushMs = (id) => [...id.slice(0, 8)].reduce((ms, c) => ms * 64 + PUSH_CHARS.indexOf(c), 0);
const pushRandom = (id) => [...id.slice(8)].reduce((v, c) => v * 64n + BigInt(PUSH_CHARS.indexOf(c)), 0n);
{
  const rows = psql(`SELECT id, (extract(epoch FROM pushid_timestamp(id)) * 1000)::bigint
                     FROM (SELECT n, pushid() AS id FROM generate_series(1, ${count}) n) g ORDER BY n;`);
  const bad = [];
  let sameMs = 0;
  rows.forEach(([id, ms], i) => {
    if (!/^[-0-9A-Z_a-z]{20}$/.test(id) || pushMs(id) !== Number(ms)) bad.push({ id, ms });
    if (i > 0 && pushMs(id) === pushMs(rows[i - 1][0])) {
      sameMs++;
      if (pushRandom(id) !== pushRandom(rows[i - 1][0]) + 1n) bad.push({ id, previous: rows[i - 1][0] });
    }
  });
  if (sameMs === 0) bad.push("no two push IDs in one ms: the plus-one rule went unchecked");
  report(`pushid(): Firebase's decoding, and +1 within a ms (${sameMs} pairs)`, rows.length, bad);
  const theirs = [];
  for (let i = 0; i < count; i++) {
    const ms = i === 0 ? 0 : i === 1 ? 2 ** 48 - 1 : randomInt(0, 2 ** 48 - 1);
    theirs.push([firebase(ms), ms]);
    if (i % 3 === 0) theirs.push([firebase(ms), ms]);  // the same ms: the gist's increment
  }
  const decoded = withRows(theirs, "SELECT n, (extract(epoch FROM pushid_timestamp(v)) * 1000)::bigint FROM t ORDER BY n;");
  const differ = decoded.filter(([n, ms]) => Number(ms) !== theirs[Number(n)][1]);
  report("Firebase generatePushID values: pushid_timestamp", decoded.length, differ);
  // the gist's IDs sort by time under C collation, as the server's do
  const sorted = theirs.map((r) => r[0]).sort();
  const byTime = theirs.slice().sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).map((r) => r[0]);
  report("Firebase push IDs: byte order is time order", sorted.length,
         sorted.filter((id, i) => id !== byTime[i]));
}

console.log(failures ? `conformance textids: ${failures} comparisons differ` : "conformance textids: 0 differences");
process.exit(failures ? 1 : 0);
