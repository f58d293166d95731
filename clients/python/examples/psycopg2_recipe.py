# psycopg2: the same values; register once per connection.
import os

import psycopg2

import idgen.psycopg2
from idgen import ObjectId, decode_snowflake

conn = psycopg2.connect(os.environ["DATABASE_URL"])
idgen.psycopg2.register_types(conn)
with conn, conn.cursor() as cur:
    cur.execute("CREATE TEMP TABLE events (id bigint PRIMARY KEY DEFAULT snowflake_id(), doc objectid)")
    cur.execute("INSERT INTO events (doc) VALUES (%s) RETURNING id", [ObjectId("507f1f77bcf86cd799439011")])
    event_id = cur.fetchone()[0]  # a Python int: exact at any size
    print(decode_snowflake(event_id).node)  # the server's idgen.node_id

    cur.execute("SELECT doc, array_agg(doc) FROM events WHERE doc = %s GROUP BY doc",
                [ObjectId("507F1F77BCF86CD799439011")])
    print(cur.fetchone())  # (ObjectId('507f1f77bcf86cd799439011'), [ObjectId('507f1f77bcf86cd799439011')])
conn.close()
