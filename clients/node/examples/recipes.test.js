'use strict'
// The "From your application" recipe (examples/node-postgres.js, quoted in
// the docs) runs against the server and prints what its .out file says.
const assert = require('node:assert/strict')
const { execFileSync } = require('node:child_process')
const { readFileSync } = require('node:fs')
const path = require('node:path')
const { test } = require('node:test')
require('../test/server')

test('the node-postgres recipe prints what it says', () => {
  const { PGHOST, PGPORT, PGUSER, PGDATABASE } = process.env
  const recipe = path.join(__dirname, 'node-postgres.js')
  const out = execFileSync(process.execPath, [recipe], {
    env: { DATABASE_URL: `postgresql://${PGUSER}@${PGHOST}:${PGPORT}/${PGDATABASE}` },
    encoding: 'utf8'
  })
  assert.equal(out, readFileSync(path.join(__dirname, 'node-postgres.out'), 'utf8'))
})
