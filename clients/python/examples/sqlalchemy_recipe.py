# SQLAlchemy: column types, and reflection that knows them.
import os

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import ARRAY

import idgen.sqlalchemy
from idgen import Ulid
from idgen.sqlalchemy import KSUID, ULID

engine = sa.create_engine(os.environ["DATABASE_URL"])
idgen.sqlalchemy.register_types(engine)  # the driver's adapters: needed for arrays

metadata = sa.MetaData()
users = sa.Table("users", metadata,
                 sa.Column("id", ULID, primary_key=True, server_default=sa.text("ulid()")),
                 sa.Column("sessions", ARRAY(KSUID)))
metadata.create_all(engine)

with engine.begin() as conn:
    conn.execute(users.insert(), {"id": Ulid("01ARZ3NDEKTSV4RRFFQ69G5FAV"),
                                  "sessions": ["0ujtsYcgvSTl8PAuAdqWYSMnLOv"]})
    print(conn.execute(sa.select(users)).one())

reflected = sa.Table("users", sa.MetaData(), autoload_with=engine)
print(repr(reflected.c.id.type), repr(reflected.c.sessions.type))  # ULID() ARRAY(KSUID())
users.drop(engine)
