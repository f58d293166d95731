// TSID and Sonyflake against their npm implementations (tsid-ts, sonyflake),
// pinned in package.json. test/integration/conformance_bigint.sh drives it:
//   node tsid_sonyflake.mjs reference N   N TSIDs and N Sonyflake IDs made by
//                                         the references, with their fields, as
//                                         TSV for the server to parse and decode
//   node tsid_sonyflake.mjs check < TSV   the server's values (same format),
//                                         each read back by the references:
//                                         prints the differences, exits 1 on any
//   node tsid_sonyflake.mjs lax           what tsid-ts accepts that tsid-creator
//                                         refuses (the reference decides)
// Lines: tsid TEXT BIGINT UNIX_MS NODE COUNTER, or
//        sonyflake ID UNIX_MS SEQUENCE MACHINE.
// tsid-ts keeps a TSID unsigned; idgen's is a signed bigint (a Java long).
// The sonyflake package counts milliseconds: it is driven in 10 ms units
// (epoch and timestamps divided by 10), which gives sony/sonyflake's layout.
import { createInterface } from 'node:readline';
import { randomBytes, randomInt } from 'node:crypto';
import { TSID, TSIDGenerator } from 'tsid-ts';
import { Sonyflake } from 'sonyflake';

const SONYFLAKE_EPOCH_UNITS = 140952960000; // 2014-09-01T00:00:00Z in 10 ms
const signed = (n) => BigInt.asIntN(64, n);
const unsigned = (n) => BigInt.asUintN(64, n);

function tsidLine(t, text) {
  const random = BigInt(t.random);
  return ['tsid', text, signed(t.number), t.timestamp, random >> 12n, random & 4095n].join('\t');
}

function sonyflakeLine(id) {
  const d = Sonyflake.decompose(id, { epoch: SONYFLAKE_EPOCH_UNITS });
  return ['sonyflake', id, d.timestamp * 10, d.sequence, d.machineId].join('\t');
}

function reference(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    // half from a generator on a random node (now), half any 64 bits
    const t = i % 2 === 0 ? new TSIDGenerator(randomInt(1024), 10).create()
      : new TSID(randomBytes(8).readBigUInt64BE());
    const text = t.toString();
    out.push(tsidLine(t, i % 4 < 2 ? text : text.toLowerCase()));
  }
  for (let i = 0; i < n; i++) {
    const machineId = randomInt(65536);
    const units = i % 2 === 0 ? Math.floor(Date.now() / 10)
      : SONYFLAKE_EPOCH_UNITS + randomInt(2 ** 39); // any unit of the 39 bits
    const s = new Sonyflake({ machineId, epoch: SONYFLAKE_EPOCH_UNITS });
    out.push(sonyflakeLine(s.generateCustomId({ timestamp: units, sequence: randomInt(256) })));
  }
  process.stdout.write(out.join('\n') + '\n');
}

async function check() {
  let checked = 0;
  const differences = [];
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === '') continue;
    const f = line.split('\t');
    let expected;
    if (f[0] === 'tsid') {
      const t = TSID.fromString(f[1]);
      const back = new TSID(unsigned(BigInt(f[2]))).toString();
      expected = [tsidLine(t, back), back === f[1] ? '' : `text ${back}`].join('');
    } else if (f[0] === 'sonyflake') {
      expected = sonyflakeLine(f[1]);
    } else {
      differences.push(`unknown line: ${line}`);
      continue;
    }
    checked++;
    if (expected !== line) differences.push(`server:    ${line}\nreference: ${expected}`);
  }
  console.log(`${checked} server values read back by tsid-ts and sonyflake: ${differences.length} differences`);
  for (const d of differences.slice(0, 20)) console.log(d);
  process.exit(checked > 0 && differences.length === 0 ? 0 : 1);
}

// tsid-creator refuses these (TsidTest.testFromString2, testIsValid); tsid-ts
// reads them. Printed as TEXT and what tsid-ts makes of it, for the record.
function lax() {
  for (const text of ['G000000000000', '0123456789ABU', 'Z000000000000']) {
    let read;
    try { read = String(signed(TSID.fromString(text).number)); } catch (e) { read = `refused (${e.message})`; }
    console.log(`${text}\t${read}`);
  }
}

const [mode, n] = process.argv.slice(2);
if (mode === 'reference') reference(Number(n));
else if (mode === 'check') await check();
else if (mode === 'lax') lax();
else { console.error('usage: tsid_sonyflake.mjs reference N | check | lax'); process.exit(2); }
