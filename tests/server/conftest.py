"""Fixtures of the server tests: the database URLs they run on (SQLite always; PostgreSQL from
BODOGE_TEST_POSTGRES — skipped outside CI when unreachable, a failure in CI)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from bodoge.server.storage import engine_url


def _postgres_url() -> str:
    url = os.environ.get("BODOGE_TEST_POSTGRES", "")
    in_ci = os.environ.get("CI", "").lower() == "true"
    if not url:
        if in_ci:
            pytest.fail(
                "CI=true but BODOGE_TEST_POSTGRES is not set: .ci/run must start PostgreSQL"
            )
        pytest.skip("BODOGE_TEST_POSTGRES is not set (PostgreSQL tests run in CI)")
    try:
        engine = sa.create_engine(engine_url(url))
        with engine.connect():
            pass
        engine.dispose()
    except sa.exc.OperationalError as exc:
        if in_ci:
            pytest.fail(f"cannot reach PostgreSQL at BODOGE_TEST_POSTGRES: {exc.orig}")
        pytest.skip(f"PostgreSQL unreachable: {exc.orig}")
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: an SQLite file, or a new schema-less database on PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'bodoge.db'}"
        return
    base = _postgres_url()
    name = f"bodoge_test_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(engine_url(base), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    head, _, _ = base.rpartition("/")
    try:
        yield f"{head}/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'bodoge.db'}"
