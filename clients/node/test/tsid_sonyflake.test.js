'use strict'
// tsidText, tsidParse, decodeTsid and decodeSonyflake give what the server's
// tsid_text, tsid_parse, tsid_timestamp/node/counter and sonyflake_decode give.
const assert = require('node:assert/strict')
const { test, before, after } = require('node:test')
const { createTypes, tsidText, tsidParse, decodeTsid, decodeSonyflake } = require('..')
const { connect } = require('./server')

let db
before(async () => { db = await connect({ types: createTypes() }) })
after(() => db.end())

test('TSIDs: text and fields as the server has them', async () => {
  const { rows } = await db.query(`SELECT id, tsid_text(id) AS t, tsid_timestamp(id) AS ts, tsid_node(id) AS node,
                                          tsid_counter(id) AS counter
                                     FROM (SELECT tsid() AS id FROM generate_series(1, 50)
                                           UNION ALL VALUES (0::bigint), (-1), (9223372036854775807),
                                                            (-9223372036854775808), (393499549856804768)) s`)
  assert.equal(rows.length, 55)
  for (const r of rows) {
    assert.equal(tsidText(r.id), r.t)
    assert.equal(tsidParse(r.t), r.id)
    assert.equal(tsidParse(r.t.toLowerCase()), r.id)
    assert.deepEqual(decodeTsid(r.id), { ts: r.ts, node: r.node, counter: r.counter })
  }
  assert.deepEqual(new Set(rows.slice(0, 50).map(r => decodeTsid(r.id).node)), new Set([7])) // test.sh's idgen.node_id
})

test('TSID text as tsid-creator reads it', () => {
  assert.equal(tsidParse('FZZZZZZZZZZZZ'), -1n)
  assert.equal(tsidText(10n), '000000000000A')
  assert.equal(tsidParse('0123456789ABi'), tsidParse('0123456789AB1'))
  assert.equal(tsidParse('0123456789ABo'), tsidParse('0123456789AB0'))
  for (const bad of ['G000000000000', '0123456789ABU', '0123456789AB', '']) {
    assert.throws(() => tsidParse(bad), /invalid TSID/)
  }
})

test('Sonyflake IDs: fields as the server has them', async () => {
  const { rows } = await db.query(`SELECT id, (sonyflake_decode(id)).*
                                     FROM (SELECT sonyflake_id() AS id FROM generate_series(1, 50)
                                           UNION ALL VALUES (0::bigint), (28522095609102155), (9223372036854775807)) s`)
  for (const r of rows) {
    assert.deepEqual(decodeSonyflake(r.id), { ts: r.ts, sequence: r.sequence, machine: r.machine })
  }
  assert.deepEqual(new Set(rows.slice(0, 50).map(r => decodeSonyflake(r.id).machine)), new Set([7]))
  assert.throws(() => decodeSonyflake(-1n), /invalid Sonyflake ID -1/)
})
