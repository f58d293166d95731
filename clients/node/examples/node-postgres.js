// node-postgres: ulid, ksuid and objectid (and their arrays) as strings,
// Snowflake and shard IDs (int8) as BigInt; one pool, its OIDs loaded once.
const pg = require('pg')
const { createTypes, jsonReplacer, decodeSnowflake } = require('idgen-pg')

async function main () {
  const types = createTypes({ int8: 'bigint' }) // or 'string'
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, types })
  await types.load(pool)

  const client = await pool.connect()
  try {
    await client.query(`CREATE TEMP TABLE events (
      id bigint PRIMARY KEY DEFAULT snowflake_id(), actor ulid, seen_by objectid[])`)
    const { rows: [event] } = await client.query(
      'INSERT INTO events (actor, seen_by) VALUES ($1, $2) RETURNING *',
      ['01ARZ3NDEKTSV4RRFFQ69G5FAV', ['507f1f77bcf86cd799439011', null]])
    console.log(typeof event.id, event.actor, event.seen_by)
    console.log(decodeSnowflake(event.id).node) // the server's idgen.node_id
    // JSON.stringify throws on BigInt; the replacer writes it as a string
    const json = JSON.parse(JSON.stringify(event, jsonReplacer))
    console.log(BigInt(json.id) === event.id)
  } finally {
    client.release()
    await pool.end()
  }
}

main().catch(err => { console.error(err); process.exit(1) })
