'use strict'
// The server comes from test.sh through libpq's variables (PGHOST, PGPORT,
// ...), which pg reads too; without them the tests fail instead of skipping.
const pg = require('pg')

for (const name of ['PGHOST', 'PGPORT', 'PGUSER', 'PGDATABASE']) {
  if (!process.env[name]) throw new Error(`${name} is not set: run clients/node/test.sh`)
}

async function connect (config = {}) {
  const client = new pg.Client(config)
  await client.connect()
  return client
}

module.exports = { connect }
