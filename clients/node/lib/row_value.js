'use strict'
// The value of a type the family table makes from its row alone (a table
// type, or a row with fields: docs/adding-a-family.md): its text read as
// the server reads it, into its bytes, its time and each field its row
// names. One function for every such type, reading its row (families.js).
//
//   rowValue('flake', '0000017176787149a1b2c3d4e5f6ffff')
//   // { type, text, bytes, timestamp: Date, fields: { worker: 177789161760246n, seq: 65535n } }
const { FAMILIES } = require('./families')

// A row's fields as [name, first bit, bits], "-" left out; a table type's
// time is its first time_bytes bytes.
function fieldsOf (f) {
  if (f.table_type) return [['ts', 0, 8 * f.time_bytes]]
  const out = []
  let first = 0
  for (const item of (f.fields || '').split(' ').filter(Boolean)) {
    const [name, bits] = item.split(':')
    if (name !== '-') out.push([name, first, Number(bits)])
    first += Number(bits)
  }
  return out
}

// row: FAMILIES[type] unless given (the tests give the examples' rows)
function rowValue (type, text, row = FAMILIES[type]) {
  const f = row
  if (!f || !(f.table_type || f.fields)) throw new TypeError(`${type} is no type made from its row alone`)
  const value = String(text)
  const digits = new Map([...f.digits].map((c, v) => [c, v]))
  if (f.either_case) for (const [c, v] of [...digits]) digits.set(c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase(), v)
  // the server's order of refusals: a character, then the length, then the value's size
  for (let i = 0; i < value.length; i++) {
    if (!digits.has(value[i])) throw new RangeError(`invalid ${f.display_name} ${JSON.stringify(value)}: character ${i + 1}, ${JSON.stringify(value[i])}, is not in ${f.alphabet}`)
  }
  if (value.length !== f.text_len) throw new RangeError(`invalid ${f.display_name} ${JSON.stringify(value)}: ${f.display_name} text is ${f.text_shape}; this is ${value.length} characters`)
  let n = 0n
  for (const c of value) n = n * BigInt(f.digits.length) + BigInt(digits.get(c))
  const bits = BigInt(8 * f.value_bytes)
  if (n >> (bits + BigInt(f.pad_bits)) !== 0n) throw new RangeError(`${f.display_name} ${JSON.stringify(value)} is out of range`)
  n >>= BigInt(f.pad_bits)
  const bytes = Buffer.from(n.toString(16).padStart(2 * f.value_bytes, '0'), 'hex')
  const fields = {}
  let timestamp = null
  for (const [name, first, width] of fieldsOf(f)) {
    const v = (n >> (bits - BigInt(first + width))) & ((1n << BigInt(width)) - 1n)
    if (name !== 'ts') { fields[name] = v; continue }
    const ms = v * BigInt(f.time_unit_ms) + (f.table_type ? 0n : f.default_epoch_ms)
    if (ms > f.max_time_ms) throw new RangeError(`${f.display_name} ${value}'s time, ${ms} ms, is past ${f.max_time_ms} ms, the last its time field is read to`)
    timestamp = new Date(Number(ms))
  }
  return { type, text: canonical(f, n), bytes, timestamp, fields }
}

// The server's text of the number: text_len digits of the row's.
function canonical (f, n) {
  let out = ''
  let rest = n << BigInt(f.pad_bits)
  for (let i = 0; i < f.text_len; i++) {
    out = f.digits[Number(rest % BigInt(f.digits.length))] + out
    rest /= BigInt(f.digits.length)
  }
  return out
}

module.exports = { rowValue }
