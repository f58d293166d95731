'use strict'
// node-postgres type parsers for the idgen extension. ulid, ksuid,
// objectid, xid12, scru128, timeflake and typeid read as their text and
// their arrays as arrays of it; int8
// (Snowflake and shard IDs, and every other bigint) reads as BigInt, or as
// its decimal string, never as a Number that would round IDs above 2^53.
// Text format only: pg's binary results mangle bytes (node-postgres #3495).
//
//   const types = createTypes({ int8: 'bigint' })
//   const pool = new pg.Pool({ ...config, types })
//   await types.load(pool)  // the types' OIDs in this database

const pg = require('pg')
const {
  decodeSnowflake, decodeShardId, SNOWFLAKE_EPOCH_MS, SHARD_EPOCH_MS,
  tsidText, tsidParse, decodeTsid, decodeSonyflake, TSID_EPOCH_MS, SONYFLAKE_EPOCH_MS
} = require('./lib/bigint_ids')
const { NATIVE_TYPES } = require('./lib/families')
const { rowValue } = require('./lib/row_value')

const INT8 = 20
const INT8_ARRAY = 1016
const TEXT_ARRAY = 1009
const ID_TYPES = NATIVE_TYPES.map(t => t.name) // the extension's own types, from the family table

// Extension types have no fixed OIDs; to_regtype finds them as the
// connection's search_path does.
const LOOKUP = `SELECT t.typname, t.oid, t.typarray FROM pg_catalog.pg_type t
                 WHERE t.oid IN (${ID_TYPES.map(name => `pg_catalog.to_regtype('${name}')`).join(', ')})`

function mapDeep (value, parse) {
  return Array.isArray(value) ? value.map(v => mapDeep(v, parse)) : value === null ? null : parse(value)
}

const parseTextArray = pg.types.getTypeParser(TEXT_ARRAY, 'text')

function createTypes ({ int8 = 'bigint' } = {}) {
  if (int8 !== 'bigint' && int8 !== 'string') throw new TypeError(`int8 is 'bigint' or 'string', not ${JSON.stringify(int8)}`)
  const parsers = new Map()
  if (int8 === 'bigint') {
    parsers.set(INT8, BigInt)
    parsers.set(INT8_ARRAY, value => mapDeep(parseTextArray(value), BigInt))
  } else {
    parsers.set(INT8, String)
    parsers.set(INT8_ARRAY, parseTextArray)
  }

  return {
    getTypeParser (oid, format = 'text') {
      return (format === 'text' && parsers.get(oid)) || pg.types.getTypeParser(oid, format)
    },

    // queryable: a pg.Client or pg.Pool connected to the database whose OIDs
    // these types will serve.
    async load (queryable) {
      const { rows } = await queryable.query(LOOKUP)
      for (const name of ID_TYPES) {
        const row = rows.find(r => r.typname === name)
        if (!row) {
          throw new Error(`type ${name} does not exist in this database: run CREATE EXTENSION idgen ` +
                          '(or put the extension\'s schema on the search_path) before loading')
        }
        parsers.set(Number(row.oid), String) // the server's text is the canonical form
        parsers.set(Number(row.typarray), parseTextArray)
      }
      return this
    }
  }
}

// JSON.stringify refuses BigInt: JSON.stringify(rows, jsonReplacer) writes
// each as a decimal string, which JavaScript and every JSON reader keep exact.
function jsonReplacer (key, value) {
  return typeof value === 'bigint' ? value.toString() : value
}

module.exports = {
  createTypes, jsonReplacer, decodeSnowflake, decodeShardId, SNOWFLAKE_EPOCH_MS, SHARD_EPOCH_MS,
  tsidText, tsidParse, decodeTsid, decodeSonyflake, TSID_EPOCH_MS, SONYFLAKE_EPOCH_MS, rowValue
}
