# psycopg 3: ulid, ksuid and objectid as Ulid, Ksuid and ObjectId values, in
# text and binary, arrays and COPY included. Register once per connection
# (with psycopg_pool: ConnectionPool(..., configure=idgen.psycopg.register_types)).
import os

import psycopg

import idgen.psycopg
from idgen import Ksuid, Ulid

with psycopg.connect(os.environ["DATABASE_URL"]) as conn:
    idgen.psycopg.register_types(conn)
    conn.execute("CREATE TEMP TABLE orders (id ulid PRIMARY KEY DEFAULT ulid(), refs ksuid[], total int)")

    new_id = conn.execute("INSERT INTO orders (total) VALUES (10) RETURNING id", binary=True).fetchone()[0]
    print(type(new_id).__name__, new_id.timestamp.tzinfo)  # Ulid UTC

    known = Ulid("01ARZ3NDEKTSV4RRFFQ69G5FAV")
    with conn.cursor().copy("COPY orders (id, refs, total) FROM STDIN (FORMAT BINARY)") as copy:
        copy.set_types(["ulid", "ksuid[]", "int4"])
        copy.write_row([known, [Ksuid("0ujtsYcgvSTl8PAuAdqWYSMnLOv")], 20])

    row = conn.execute("SELECT id, refs, total FROM orders WHERE id = %s", [known]).fetchone()
    print(row)  # (Ulid('01ARZ3NDEKTSV4RRFFQ69G5FAV'), [Ksuid('0ujtsYcgvSTl8PAuAdqWYSMnLOv')], 20)
    print(row[0].timestamp)  # 2016-07-30 23:54:10.259000+00:00
