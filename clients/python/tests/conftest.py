"""The server comes from test.sh (IDGEN_TEST_DSN); without it the suite
fails rather than skipping, and it checks that the idgen it imports is the
pip-installed package, not a file of the checkout."""
import os
import pathlib

import psycopg
import pytest

import idgen
import idgen.psycopg


def pytest_configure(config):
    if "IDGEN_TEST_DSN" not in os.environ:
        raise pytest.UsageError("IDGEN_TEST_DSN is not set: run clients/python/test.sh")
    if "site-packages" not in pathlib.Path(idgen.__file__).parts:
        raise pytest.UsageError(f"idgen was imported from {idgen.__file__}, not from an installed package")


@pytest.fixture
def dsn():
    return os.environ["IDGEN_TEST_DSN"]


@pytest.fixture
def sqlalchemy_url(dsn):
    parts = psycopg.conninfo.conninfo_to_dict(dsn)
    return (f"postgresql+psycopg2://{parts['user']}@{parts['host']}:{parts['port']}/{parts['dbname']}")


@pytest.fixture
def plain_conn(dsn):
    """A psycopg 3 connection without idgen's adapters: what the server says."""
    with psycopg.connect(dsn, autocommit=True) as conn:
        yield conn


@pytest.fixture
def conn(dsn):
    """A psycopg 3 connection with idgen's adapters, in a transaction rolled back at the end."""
    with psycopg.connect(dsn) as conn:
        idgen.psycopg.register_types(conn)
        yield conn
        conn.rollback()
