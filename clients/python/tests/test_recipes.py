"""The "From your application" recipes (examples/*.py, quoted in the docs)
run against the server and print what their .out files say."""
import pathlib
import subprocess
import sys

import psycopg
import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"
RECIPES = sorted(EXAMPLES.glob("*_recipe.py"))


def test_every_recipe_has_its_output():
    assert [r.stem for r in RECIPES] == ["psycopg2_recipe", "psycopg_recipe", "sqlalchemy_recipe"]
    assert all(r.with_suffix(".out").exists() for r in RECIPES)


@pytest.mark.parametrize("recipe", RECIPES, ids=lambda r: r.stem)
def test_recipe_prints_what_it_says(recipe, dsn, tmp_path):
    parts = psycopg.conninfo.conninfo_to_dict(dsn)
    url = f"postgresql://{parts['user']}@{parts['host']}:{parts['port']}/{parts['dbname']}"
    run = subprocess.run([sys.executable, "-W", "error", str(recipe)], cwd=tmp_path, env={"DATABASE_URL": url},
                         capture_output=True, text=True, timeout=60)
    assert run.stderr == ""
    assert run.returncode == 0
    assert run.stdout == recipe.with_suffix(".out").read_text()
