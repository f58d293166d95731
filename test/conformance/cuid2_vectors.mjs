// cuid2_vectors.mjs: prints @paralleldrive/cuid2's own outputs for fixed
// draws, as the tab-separated vectors test/unit/cuid2_test.cpp checks the
// core's cuid2_compose and cuid2_fingerprint against. Date.now is pinned
// and rand() replays 32-bit draws as u32 / 2^32, the reference's own
// createRandom. Run: node test/conformance/cuid2_vectors.mjs (after npm ci).
import { init, createFingerprint } from "./node_modules/@paralleldrive/cuid2/src/index.js";

// a fixed xorshift32 stream: the draws are then printed with each vector
let state = 2463534242;
const nextDraw = () => {
  state ^= state << 13; state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5; state >>>= 0;
  return state;
};

const realNow = Date.now;
for (const [length, ms, count] of [[24, 1700000000000, 0], [2, 1, 35], [32, 1764000000123, 476782366], [10, 0, 123456789]]) {
  const draws = Array.from({ length: 1 + length }, nextDraw);
  let i = 0;
  const rand = () => draws[i++] / 0x100000000;
  const fingerprint = "abcdefghijklmnopqrstuvwxyz012345".slice(0, 32);
  Date.now = () => ms;
  const id = init({ random: rand, counter: () => count, length, fingerprint })();
  Date.now = realNow;
  console.log(["id", length, ms, count, fingerprint, draws.join(","), id].join("\t"));
}
for (const globals of [{}, { a: 1, bb: 2 }]) {
  const draws = Array.from({ length: 32 }, nextDraw);
  let i = 0;
  const fp = createFingerprint({ globalObj: globals, random: () => draws[i++] / 0x100000000 });
  console.log(["fingerprint", Object.keys(globals).toString(), draws.join(","), fp].join("\t"));
}
