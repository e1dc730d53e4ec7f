"""One server per database: a server holds its database's lease while it runs, and another is
refused in one line while the lease is live. A lease ends when its server stops, LEASE_SECONDS
after its last renewal, or at once once its process is known to be gone (this machine's). The
same on SQLite and on PostgreSQL; ``bodoge serve`` itself in test_server_process.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from bodoge.server.app import create_app
from bodoge.server.storage import LEASE_SECONDS, Holder, Storage, StorageError


def another(pid: int, host: str | None = None) -> Holder:
    """Another server: process ``pid`` of this machine, or of ``host``."""
    me = Holder.mine()
    return Holder(f"other-{pid}", host or me.host, me.pids, pid)


def refused(db: Storage, holder: Holder, now: float) -> str:
    with pytest.raises(StorageError) as err:
        db.claim(holder, now)
    line = str(err.value)
    assert "\n" not in line and "in use by another bodoge server" in line
    return line


def test_a_live_lease_refuses_another_server_until_it_ends(db_url: str) -> None:
    db, me, alive = Storage(db_url), Holder.mine(), another(os.getppid())  # pytest's parent lives
    db.claim(alive, 1000.0)
    line = refused(db, me, 1010.0)
    assert f"process {os.getppid()} on {me.host}, seen 10 s ago" in line
    assert f"try again in {round(LEASE_SECONDS) - 10} s" in line
    db.claim(alive, 1020.0)  # renewed
    refused(db, me, 1020.0 + LEASE_SECONDS - 1)
    db.claim(me, 1020.0 + LEASE_SECONDS + 1)  # not renewed for a whole lease: it has ended
    refused(db, alive, 1060.0)  # and the server that stalled has lost it
    db.release(me)  # a server that stops gives it up: the next one starts at once
    db.claim(alive, 1061.0)
    db.close()


def test_the_lease_of_a_process_gone_ends_at_once_on_its_machine(db_url: str) -> None:
    ended = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    gone = int(ended.stdout)
    db, me = Storage(db_url), Holder.mine()
    db.claim(another(gone), 1000.0)
    db.claim(me, 1001.0)  # killed -9 a moment ago, on this machine: taken at once
    db.release(me)
    db.claim(another(gone, host="elsewhere"), 1002.0)
    refused(db, me, 1003.0)  # another machine's process cannot be asked: its lease runs out
    db.claim(me, 1003.0 + LEASE_SECONDS)
    db.close()


def test_a_second_app_on_a_database_is_refused(db_url: str, tmp_path: Path) -> None:
    def app(holder: Holder | None = None) -> TestClient:
        made = create_app(db_url, cards_dir=tmp_path, bot_workers="thread", holder=holder)
        return TestClient(made)

    with app(another(os.getppid())) as first:
        assert first.get("/api/games").status_code == 200
        with pytest.raises(StorageError, match="in use by another bodoge server"), app():
            pass
    with app() as second:  # the first stopped, and gave its lease up
        assert second.get("/api/games").status_code == 200
