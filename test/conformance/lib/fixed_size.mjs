// fixed_size.mjs: what the conformance scripts of the fixed-size families
// (xid12.mjs, scru128.mjs, timeflake.mjs) share: the rows they exchange
// with test/integration/conformance_fixed.sh, as tab-separated lines of
// text, hex bytes and the decoded fields, and the published vectors.
//
//   node FAMILY.mjs reference N   N rows from the reference implementation:
//                                 half its generator's, half random bytes
//   node FAMILY.mjs check FILE    the server's rows (same columns), read by
//                                 the reference: parsed, decoded and
//                                 re-encoded; prints the count of
//                                 differences and exits 1 if any
//   node FAMILY.mjs vectors FILE  the published vectors (test/vectors/*.tsv)
//                                 through the reference: valid ones equal,
//                                 invalid ones refused (a reference laxer
//                                 than its family's rule is reported, not
//                                 followed: idgen's suite checks the refusal)
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";

export const hex = (bytes) => Buffer.from(bytes).toString("hex");

export function tsvRows(file) {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => l.split("\t"));
}

// family: { name, len, fromReference(), rowOf(text) -> [text, hex, ...fields]
//   (throws when the reference refuses), textOf(bytes) -> the reference's text,
//   vectorFields(row) -> the fields a valid vector row states, as rowOf gives them }
export function main(family) {
  const [mode, arg] = process.argv.slice(2);
  if (mode === "reference") {
    const n = Number(arg);
    for (let i = 0; i < n; i++) {
      const text = i % 2 === 0 ? family.fromReference() : family.textOf(randomBytes(family.len));
      console.log(family.rowOf(text).join("\t"));
    }
    return;
  }
  let checked = 0;
  let differences = 0;
  const differ = (what) => {
    differences++;
    if (differences <= 10) console.error(`${family.name}: ${what}`);
  };
  if (mode === "check") {
    for (const row of tsvRows(arg)) {
      checked++;
      let ours;
      try {
        ours = family.rowOf(row[0]);
      } catch (e) {
        differ(`the reference refuses the server's ${row[0]}: ${e.message}`);
        continue;
      }
      if (ours.join("\t") !== row.join("\t")) differ(`server ${row.join(" ")} / reference ${ours.join(" ")}`);
      const again = family.textOf(Buffer.from(row[1], "hex"));
      if (again !== row[0]) differ(`the reference writes ${row[1]} as ${again}, the server as ${row[0]}`);
    }
  } else if (mode === "vectors") {
    for (const row of tsvRows(arg)) {
      checked++;
      if (row[0] === "invalid") {
        try {
          const got = family.rowOf(row[1]);
          console.log(`${family.name}: the reference accepts ${row[1]} (${row[2]}) as ${got[1]}; idgen refuses it, as the family's rule says`);
        } catch {
          // refused, as it should be
        }
        continue;
      }
      let ours;
      try {
        ours = family.rowOf(row[0]);
      } catch (e) {
        differ(`the reference refuses the published ${row[0]}: ${e.message}`);
        continue;
      }
      const want = family.vectorFields(row);
      if (ours.join("\t") !== want.join("\t")) differ(`published ${want.join(" ")} / reference ${ours.join(" ")}`);
    }
  } else {
    console.error(`usage: ${family.name}.mjs reference N | check FILE | vectors FILE`);
    process.exit(2);
  }
  console.log(`${family.name} ${mode}: ${checked} checked, ${differences} differences`);
  if (checked === 0 || differences > 0) process.exit(1);
}
