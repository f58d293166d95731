'use strict'
// The parts of the extension's bigint IDs, as snowflake_decode and
// shard_id_decode give them, for IDs read as BigInt or string.

const { FAMILIES } = require('./families')

const SNOWFLAKE_EPOCH_MS = FAMILIES.snowflake.default_epoch_ms // Twitter's, idgen.snowflake_epoch's default
const SHARD_EPOCH_MS = FAMILIES.shard.default_epoch_ms // Instagram's, idgen.shard_epoch's default
const INT8_MAX = (1n << 63n) - 1n

// A bigint layout's [time units, mid, seq] as its family's row has them:
// the time above both; the sequence below the mid field, or above it.
function fields (family, n) {
  const mid = BigInt(family.mid_bits)
  const seq = BigInt(family.seq_bits)
  const time = n >> (mid + seq)
  if (family.seq_above_mid) return [time, Number(n & ((1n << mid) - 1n)), Number((n >> mid) & ((1n << seq) - 1n))]
  return [time, Number((n >> seq) & ((1n << mid) - 1n)), Number(n & ((1n << seq) - 1n))]
}

function toId (id, kind) {
  let n
  try {
    n = BigInt(id)
  } catch {
    throw new TypeError(`invalid ${kind} ${JSON.stringify(String(id))}: give a BigInt or its decimal string`)
  }
  if (n < 0n || n > INT8_MAX) throw new RangeError(`invalid ${kind} ${n}: it is between 0 and ${INT8_MAX}`)
  return n
}

function decodeSnowflake (id, epochMs = SNOWFLAKE_EPOCH_MS) {
  const [ms, node, seq] = fields(FAMILIES.snowflake, toId(id, 'Snowflake'))
  return { ts: new Date(Number(BigInt(epochMs) + ms)), node, seq }
}

function decodeShardId (id, epochMs = SHARD_EPOCH_MS) {
  const [ms, shard, seq] = fields(FAMILIES.shard, toId(id, 'shard ID'))
  return { ts: new Date(Number(BigInt(epochMs) + ms)), shard, seq }
}

module.exports = { decodeSnowflake, decodeShardId, SNOWFLAKE_EPOCH_MS, SHARD_EPOCH_MS }

// TSID (tsid-creator) and Sonyflake (sony/sonyflake v1): fixed epochs, as
// tsid(), sonyflake_id() and their SQL decoders have them.
const TSID_EPOCH_MS = FAMILIES.tsid.default_epoch_ms // 2020-01-01T00:00:00Z
const SONYFLAKE_EPOCH_MS = FAMILIES.sonyflake.default_epoch_ms // 2014-09-01T00:00:00Z
const CROCKFORD = FAMILIES.tsid.digits
const TSID_LENGTH = FAMILIES.tsid.text_len
const TSID_DIGITS = Object.fromEntries([...CROCKFORD].map((c, v) => [c, BigInt(v)])
  .concat([['I', 1n], ['L', 1n], ['O', 0n]]))

// a TSID is a Java long: any int8, read as its 64 bits unsigned
function tsidBits (id) {
  let n
  try {
    n = BigInt(id)
  } catch {
    throw new TypeError(`invalid TSID ${JSON.stringify(String(id))}: give a BigInt or its decimal string`)
  }
  if (n < -INT8_MAX - 1n || n > INT8_MAX) throw new RangeError(`invalid TSID ${n}: it is between ${-INT8_MAX - 1n} and ${INT8_MAX}`)
  return BigInt.asUintN(64, n)
}

// what tsid_text(id) gives: 13 Crockford base32 characters, upper case
function tsidText (id) {
  const bits = tsidBits(id)
  let out = ''
  for (let i = BigInt(TSID_LENGTH - 1); i >= 0n; i--) out += CROCKFORD[Number((bits >> (5n * i)) & 31n)]
  return out
}

// what tsid_parse(text) gives, as a BigInt: either case, I and L as 1, O as 0; U refused
function tsidParse (text) {
  if (typeof text !== 'string') throw new TypeError(`a TSID's text is a string, not ${typeof text}`)
  if (text.length !== TSID_LENGTH) throw new RangeError(`invalid TSID ${JSON.stringify(text)}: TSID text is ${TSID_LENGTH} characters; this is ${text.length}`)
  let bits = 0n
  for (const [i, c] of [...text.toUpperCase()].entries()) {
    const v = TSID_DIGITS[c]
    if (v === undefined) throw new RangeError(`invalid TSID ${JSON.stringify(text)}: character ${i + 1}, ${JSON.stringify(text[i])}, is not in Crockford's base32 alphabet`)
    bits = (bits << 5n) | v
  }
  if (bits >> 64n) throw new RangeError(`invalid TSID ${JSON.stringify(text)}: the largest TSID is ${FAMILIES.tsid.largest}`)
  return BigInt.asIntN(64, bits)
}

function decodeTsid (id) {
  const [ms, node, counter] = fields(FAMILIES.tsid, tsidBits(id))
  return { ts: new Date(Number(TSID_EPOCH_MS + ms)), node, counter }
}

function decodeSonyflake (id) {
  const [units, machine, sequence] = fields(FAMILIES.sonyflake, toId(id, 'Sonyflake ID'))
  return { ts: new Date(Number(SONYFLAKE_EPOCH_MS + units * BigInt(FAMILIES.sonyflake.time_unit_ms))), sequence, machine }
}

Object.assign(module.exports, { tsidText, tsidParse, decodeTsid, decodeSonyflake, TSID_EPOCH_MS, SONYFLAKE_EPOCH_MS })
