// xid12.mjs: idgen's xid12 against xid-ts (test/conformance/package.json
// pins it), the TypeScript port of rs/xid. Columns: text, hex bytes, Unix
// seconds, machine (24 bits as an integer), pid, counter. See lib/fixed_size.mjs.
import "./lib/webcrypto.mjs";
import { Xid } from "xid-ts";
import { hex, main } from "./lib/fixed_size.mjs";

main({
  name: "xid12",
  len: 12,
  fromReference: () => new Xid().toString(),
  textOf: (bytes) => new Xid(Uint8Array.from(bytes)).toString(),
  rowOf(text) {
    const x = Xid.parse(text);
    const m = x.machine();
    return [x.toString(), hex(x.toBytes()), x.timestamp(), (m[0] << 16) | (m[1] << 8) | m[2], x.pid(), x.counter()].map(String);
  },
  // published: text, hex, unix_s, machine, pid, counter
  vectorFields: (row) => row.slice(0, 6),
});
