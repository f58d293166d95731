// scru128.mjs: idgen's scru128 against the scru128 package (pinned in
// test/conformance/package.json), the family's JavaScript reference.
// Columns: text, hex bytes, Unix ms. See lib/fixed_size.mjs.
import "./lib/webcrypto.mjs";
import { Scru128Id, scru128 } from "scru128";
import { hex, main } from "./lib/fixed_size.mjs";

main({
  name: "scru128",
  len: 16,
  fromReference: () => scru128().toString(),
  textOf: (bytes) => Scru128Id.fromBytes(bytes).toString(),
  rowOf(text) {
    const s = Scru128Id.fromString(text);
    return [s.toString(), hex(s.bytes), String(s.timestamp)];
  },
  // published: text (upper case, as the spec writes), hex
  vectorFields: (row) => {
    const s = Scru128Id.fromBytes(Buffer.from(row[1], "hex"));
    return [row[0].toLowerCase(), row[1], String(s.timestamp)];
  },
});
