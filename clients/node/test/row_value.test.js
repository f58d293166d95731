'use strict'
// rowValue, the value of a type made from its row alone, on rows as
// docs/adding-a-family.md's two examples write them (offline); with both
// types installed, test/integration/add_family.sh's copy runs these tests.
const assert = require('node:assert/strict')
const { test } = require('node:test')
const { rowValue } = require('..')
const { FAMILIES } = require('../lib/families')

const SULID = { ...FAMILIES.ulid, name: 'sulid', display_name: 'short ULID', text_len: 16, text_shape: '16 characters', value_bytes: 10, table_type: true, time_bytes: 6, fields: null }
const FLAKE = { ...FAMILIES.objectid, name: 'flake', display_name: 'Flake ID', text_len: 32, text_shape: '32 hex digits', value_bytes: 16, default_epoch_ms: 0n, max_time_ms: (1n << 48n) - 1n, table_type: false, time_bytes: 0, fields: 'ts:64 worker:48 seq:16' }

test('a table type: its time from its first bytes, its text in upper case', () => {
  const v = rowValue('sulid', '000000000400000z', SULID)
  assert.equal(v.text, '000000000400000Z')
  assert.equal(v.bytes.toString('hex'), '0000000000010000001f')
  assert.equal(v.timestamp.toISOString(), '1970-01-01T00:00:00.001Z')
})

test('a row with fields: each field it names', () => {
  const v = rowValue('flake', '0000017176787149A1B2C3D4E5F6FFFF', FLAKE)
  assert.equal(v.text, '0000017176787149a1b2c3d4e5f6ffff')
  assert.equal(v.timestamp.toISOString(), '2020-04-14T02:15:37.033Z')
  assert.deepEqual(v.fields, { worker: 0xA1B2C3D4E5F6n, seq: 0xFFFFn })
  assert.throws(() => rowValue('flake', 'ffffffffffffffff0000000000000000', FLAKE), /time, 18446744073709551615 ms, is past 281474976710655 ms/)
})

test('the server\'s refusals, in its order', () => {
  assert.throws(() => rowValue('sulid', 'U000000004000000', SULID), /character 1, "U", is not in Crockford's base32 alphabet/)
  assert.throws(() => rowValue('sulid', '000', SULID), /short ULID text is 16 characters; this is 3 characters/)
  assert.throws(() => rowValue('ulid', '01ARZ3NDEKTSV4RRFFQ69G5FAV'), /ulid is no type made from its row alone/)
})
