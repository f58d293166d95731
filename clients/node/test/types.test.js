'use strict'
// ulid, ksuid and objectid through node-postgres with idgen-pg's parsers:
// scalars and arrays with NULLs, and back as parameters in text and in
// binary (a Buffer parameter goes in binary, through the type's receive
// function). Results are text: pg's binary results mangle bytes (#3495).
const assert = require('node:assert/strict')
const { test, before, after } = require('node:test')
const { createTypes } = require('..')
const { connect } = require('./server')

const TYPES = ['ulid', 'ksuid', 'objectid']
let client

before(async () => {
  const types = createTypes()
  client = await connect({ types })
  await types.load(client)
  await client.query(`CREATE TEMP TABLE ids (n int, ulid ulid, ksuid ksuid, objectid objectid,
                        ulids ulid[], ksuids ksuid[], objectids objectid[])`)
  await client.query(`INSERT INTO ids SELECT g, ulid(), ksuid(), objectid(),
                        ARRAY[ulid(), NULL], ARRAY[ksuid(), NULL], ARRAY[objectid(), NULL]
                        FROM generate_series(1, 5) g`)
  // the bounds of each type, where a base conversion goes wrong first
  await client.query(`INSERT INTO ids VALUES
    (6, '00000000000000000000000000', '000000000000000000000000000', '000000000000000000000000',
        '{}', '{}', '{}'),
    (7, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'aWgEPTl1tmebfsQzFP4bxwgy80V', 'ffffffffffffffffffffffff',
        '{{7ZZZZZZZZZZZZZZZZZZZZZZZZZ},{NULL}}', '{{aWgEPTl1tmebfsQzFP4bxwgy80V},{NULL}}', '{{ffffffffffffffffffffffff},{NULL}}'),
    (8, NULL, NULL, NULL, NULL, NULL, NULL)`)
})
after(() => client.end())

for (const type of TYPES) {
    test(`${type} and ${type}[] read as the server's text`, async () => {
      const { rows } = await client.query(
        `SELECT ${type} AS v, ${type}::text AS t, ${type}s AS vs, ${type}s::text[] AS ts FROM ids ORDER BY n`)
      assert.equal(rows.length, 8)
      for (const row of rows.slice(0, 5)) {
        assert.equal(typeof row.v, 'string')
        assert.equal(row.v, row.t)
        assert.deepEqual(row.vs, [row.t ? row.ts[0] : null, null])
        assert.equal(row.vs[0].length, row.v.length)
      }
      assert.deepEqual(rows.slice(5).map(r => [r.v, r.vs]), [
        [rows[5].t, []], [rows[6].t, [[rows[6].t], [null]]], [null, null]])
      assert.match(rows[6].t, /^(7Z{25}|aWgEPTl1tmebfsQzFP4bxwgy80V|f{24})$/)
    })

    test(`${type} goes back as a parameter: as text, and in binary from a Buffer`, async () => {
      const { rows: [stored] } = await client.query(
        `SELECT ${type} AS v, ${type}_send(${type}) AS wire FROM ids WHERE n = 3`)
      assert.ok(Buffer.isBuffer(stored.wire))
      for (const param of [stored.v, stored.wire]) {
        const { rows } = await client.query(`SELECT n, ${type} AS v FROM ids WHERE ${type} = $1`, [param])
        assert.deepEqual(rows, [{ n: 3, v: stored.v }])
      }
      const all = (await client.query(`SELECT ${type} AS v FROM ids WHERE n <= 5`)).rows.map(r => r.v)
      const { rows: [{ count }] } = await client.query(
        `SELECT count(*)::int AS count FROM ids WHERE ${type} = ANY($1)`, [all])
      assert.equal(count, 5)
      const { rows: [{ back }] } = await client.query(`SELECT $1::${type}[] AS back`, [[all[0], null]])
      assert.deepEqual(back, [all[0], null])
    })
}

test('load without the extension says what to do', async () => {
  await client.query('DROP DATABASE IF EXISTS bare_node')
  await client.query('CREATE DATABASE bare_node')
  try {
    const bare = await connect({ database: 'bare_node' })
    try {
      await assert.rejects(createTypes().load(bare), /type ulid does not exist in this database: run CREATE EXTENSION idgen/)
    } finally {
      await bare.end()
    }
  } finally {
    await client.query('DROP DATABASE bare_node')
  }
})
