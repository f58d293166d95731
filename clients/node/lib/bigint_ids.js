'use strict'
// The parts of the extension's bigint IDs, as snowflake_decode and
// shard_id_decode give them, for IDs read as BigInt or string.

const SNOWFLAKE_EPOCH_MS = 1288834974657n // Twitter's, idgen.snowflake_epoch's default
const SHARD_EPOCH_MS = 1314220021721n // Instagram's, idgen.shard_epoch's default
const INT8_MAX = (1n << 63n) - 1n

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
  const n = toId(id, 'Snowflake')
  return { ts: new Date(Number(BigInt(epochMs) + (n >> 22n))), node: Number((n >> 12n) & 0x3FFn), seq: Number(n & 0xFFFn) }
}

function decodeShardId (id, epochMs = SHARD_EPOCH_MS) {
  const n = toId(id, 'shard ID')
  return { ts: new Date(Number(BigInt(epochMs) + (n >> 23n))), shard: Number((n >> 10n) & 0x1FFFn), seq: Number(n & 0x3FFn) }
}

module.exports = { decodeSnowflake, decodeShardId, SNOWFLAKE_EPOCH_MS, SHARD_EPOCH_MS }
