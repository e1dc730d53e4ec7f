"""Fixtures of the server tests: the database URLs they run on (SQLite always; PostgreSQL from
BODOGE_TEST_POSTGRES — skipped outside CI when unreachable, a failure in CI)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from server_helpers import client
from starlette.testclient import TestClient

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
        _drop(admin, name)
        admin.dispose()


def _drop(admin: sa.Engine, name: str) -> None:
    """Drops the test's database, closing what is still connected to it. FORCE may end only the
    sessions of roles the test's role may signal: it refuses the whole drop when an autovacuum
    worker is in the database (a process with no role; CI met one after a test that deleted
    rows). A plain DROP makes autovacuum workers leave, and waits up to 5 s for the rest, so the
    test's own sessions are ended first."""
    with admin.connect() as conn:
        try:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            return
        except sa.exc.ProgrammingError as exc:
            if getattr(exc.orig, "sqlstate", None) != "42501":  # insufficient_privilege
                raise
        conn.execute(
            sa.text(
                "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity"
                " WHERE datname = :name AND usename = current_user AND pid <> pg_backend_pid()"
            ),
            {"name": name},
        )
        conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}"'))


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'bodoge.db'}"


@pytest.fixture
def c(sqlite_url: str, tmp_path: Path) -> Iterator[TestClient]:
    """A test client of a fresh server on SQLite (bots thinking in a thread), its card files'
    folder its own: the client most server tests talk to."""
    with client(sqlite_url, tmp_path / "cards") as c:
        yield c
