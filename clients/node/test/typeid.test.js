'use strict'
// typeid through node-postgres with idgen-pg's parsers: the server's text
// (prefix_ and 26 lower-case characters), arrays with NULLs, and back as a
// parameter; the TypeIDs of typeid-js's spec vectors read as the server prints them.
const assert = require('node:assert/strict')
const { test, before, after } = require('node:test')
const { createTypes } = require('..')
const { connect } = require('./server')

let client

before(async () => {
  const types = createTypes()
  client = await connect({ types })
  await types.load(client)
})
after(() => client.end())

test('typeid and typeid[] read as the server\'s text', async () => {
  const { rows } = await client.query(`SELECT t, t::text AS text, ARRAY[t, NULL] AS ts
                                         FROM (SELECT typeid_generate(p) t FROM unnest(ARRAY['user', '', 'a_b']) p) g`)
  assert.equal(rows.length, 3)
  for (const row of rows) {
    assert.equal(typeof row.t, 'string')
    assert.equal(row.t, row.text)
    assert.match(row.t, /^([a-z]([a-z_]{0,61}[a-z])?_)?[0-7][0-9a-hjkmnp-tv-z]{25}$/)
    assert.deepEqual(row.ts, [row.text, null])
  }
})

test('a typeid goes back as a parameter, and the spec\'s vectors read the same', async () => {
  for (const text of ['prefix_01h455vb4pex5vsknk084sn02q', 'pre_fix_00000000000000000000000000', '7zzzzzzzzzzzzzzzzzzzzzzzzz']) {
    const { rows } = await client.query('SELECT $1::typeid AS t, typeid_prefix($1) AS p', [text])
    assert.equal(rows[0].t, text)
    assert.equal(rows[0].p, text.includes('_') ? text.slice(0, text.lastIndexOf('_')) : '')
  }
})
