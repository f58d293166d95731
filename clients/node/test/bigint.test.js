'use strict'
// Snowflake and shard IDs (int8) keep every digit: BigInt or string, and
// through JSON with jsonReplacer.
const assert = require('node:assert/strict')
const { test, before, after } = require('node:test')
const { createTypes, jsonReplacer, decodeSnowflake, decodeShardId } = require('..')
const { connect } = require('./server')

const INT8_MIN = -(2n ** 63n)
const INT8_MAX = 2n ** 63n - 1n
let plain, asBigInt, asString

before(async () => {
  plain = await connect()
  asBigInt = await connect({ types: createTypes() })
  asString = await connect({ types: createTypes({ int8: 'string' }) })
})
after(() => Promise.all([plain, asBigInt, asString].map(c => c.end())))

const QUERY = `SELECT id, id::text AS t, ARRAY[id, NULL, $1::bigint, $2::bigint] AS ids
                 FROM (SELECT snowflake_id() AS id FROM generate_series(1, 20)) s`

test('Snowflakes read as exact BigInts', async () => {
    const { rows } = await asBigInt.query(QUERY, [INT8_MIN, INT8_MAX])
    assert.equal(rows.length, 20)
    for (const row of rows) {
      assert.equal(typeof row.id, 'bigint')
      assert.ok(row.id > 2n ** 53n, 'a Snowflake of today is above 2^53, where a Number rounds')
      assert.equal(row.id.toString(), row.t)
      assert.deepEqual(row.ids, [row.id, null, INT8_MIN, INT8_MAX])
    }
    const { rows: [{ back }] } = await asBigInt.query('SELECT $1::bigint + 0 AS back', [rows[0].id])
    assert.equal(back, rows[0].id)
  })

test('int8: \'string\' reads them as exact decimal strings', async () => {
    const { rows } = await asString.query(QUERY, [INT8_MIN, INT8_MAX])
    for (const row of rows) {
      assert.equal(row.id, row.t)
      assert.deepEqual(row.ids, [row.t, null, INT8_MIN.toString(), INT8_MAX.toString()])
    }
  })

test('jsonReplacer keeps every digit where a JSON number would not', async () => {
  // seed 001's Snowflake with sequence 3450: not a multiple of the 64 that
  // a double steps by at this size, so as a Number it changes
  const { rows: [row] } = await asBigInt.query('SELECT 454947766275222906::bigint AS id')
  assert.throws(() => JSON.stringify(row), /BigInt/)
  const json = JSON.stringify(row, jsonReplacer)
  assert.equal(json, '{"id":"454947766275222906"}')
  assert.equal(BigInt(JSON.parse(json).id), row.id)
  assert.equal(JSON.parse('{"id":454947766275222906}').id.toString(), '454947766275222900')
})

test('decodeSnowflake and decodeShardId give the server\'s parts', async () => {
  const { rows } = await asBigInt.query(`
    SELECT id, (d).ts, (d).node, (d).seq FROM (SELECT id, snowflake_decode(id) d FROM
      (SELECT snowflake_id() FROM generate_series(1, 20) UNION ALL VALUES (0), ($1::bigint), (454947766275219456)) s(id)) x`,
  [INT8_MAX])
  for (const row of rows) assert.deepEqual(decodeSnowflake(row.id), { ts: row.ts, node: row.node, seq: row.seq })
  assert.deepEqual(decodeSnowflake(454947766275219456n), { ts: new Date('2014-04-12T11:42:54.657Z'), node: 786, seq: 0 })
  assert.deepEqual(decodeSnowflake('454947766275219456', 0n).ts, new Date(454947766275219456 / 2 ** 22))

  const shards = await asString.query(`
    SELECT id, (d).ts, (d).shard, (d).seq FROM (SELECT id, shard_id_decode(id) d FROM
      (SELECT next_shard_id(g % 8192, g) FROM generate_series(0, 9000, 7) g UNION ALL VALUES (0), ($1::bigint)) s(id)) x`,
  [INT8_MAX])
  for (const row of shards.rows) assert.deepEqual(decodeShardId(row.id), { ts: row.ts, shard: row.shard, seq: row.seq })
})

test('decoders refuse what is not a bigint ID, naming it', () => {
  for (const bad of [-1n, INT8_MAX + 1n]) {
    assert.throws(() => decodeSnowflake(bad), new RangeError(`invalid Snowflake ${bad}: it is between 0 and ${INT8_MAX}`))
    assert.throws(() => decodeShardId(bad), new RangeError(`invalid shard ID ${bad}: it is between 0 and ${INT8_MAX}`))
  }
  assert.throws(() => decodeSnowflake('12x'), new TypeError('invalid Snowflake "12x": give a BigInt or its decimal string'))
  assert.throws(() => createTypes({ int8: 'number' }), new TypeError('int8 is \'bigint\' or \'string\', not "number"'))
})

test('without idgen-pg, pg gives int8 as a string and ulid[] as its literal (what the parsers fix)', async () => {
  const { rows: [row] } = await plain.query('SELECT snowflake_id() AS id, ARRAY[ulid()] AS ids')
  assert.equal(typeof row.id, 'string')
  assert.match(row.ids, /^\{[0-9A-Z]{26}\}$/)
})
