'use strict'
// xid12, scru128 and timeflake through node-postgres with idgen-pg's
// parsers: scalars and arrays with NULLs read as the server's text, and back
// as parameters in text and in binary (a Buffer goes through the type's
// receive function).
const assert = require('node:assert/strict')
const { test, before, after } = require('node:test')
const { createTypes } = require('..')
const { connect } = require('./server')

// type, generator, its largest text
const TYPES = [['xid12', 'xid_generate()', 'vvvvvvvvvvvvvvvvvvvg'],
  ['scru128', 'scru128()', 'f5lxx1zz5pnorynqglhzmsp33'],
  ['timeflake', 'timeflake()', '7n42DGM5Tflk9n8mt7Fhc7']]
let client

before(async () => {
  const types = createTypes()
  client = await connect({ types })
  await types.load(client)
})
after(() => client.end())

for (const [type, generator, largest] of TYPES) {
  test(`${type} and ${type}[] read as the server's text, and go back as parameters`, async () => {
    await client.query(`CREATE TEMP TABLE ${type}_ids AS
                          SELECT g AS n, ${generator} AS v, ARRAY[${generator}, NULL] AS vs FROM generate_series(1, 5) g
                          UNION ALL SELECT 6, '${largest}'::${type}, '{{${largest}},{NULL}}'::${type}[]
                          UNION ALL SELECT 7, NULL, NULL`)
    const { rows } = await client.query(`SELECT v, v::text AS t, vs, vs::text[] AS ts FROM ${type}_ids ORDER BY n`)
    assert.equal(rows.length, 7)
    for (const row of rows.slice(0, 5)) {
      assert.equal(typeof row.v, 'string')
      assert.equal(row.v, row.t)
      assert.deepEqual(row.vs, [row.ts[0], null])
    }
    assert.deepEqual(rows.slice(5).map(r => [r.v, r.vs]), [[largest, [[largest], [null]]], [null, null]])

    const { rows: [stored] } = await client.query(`SELECT v, ${type}_send(v) AS wire FROM ${type}_ids WHERE n = 3`)
    for (const param of [stored.v, stored.wire]) {
      const { rows: found } = await client.query(`SELECT n FROM ${type}_ids WHERE v = $1`, [param])
      assert.deepEqual(found, [{ n: 3 }])
    }
  })
}
