"""``bodoge serve``'s options: a bad one is one line and exit 2 before anything is made (the port
is held first, then the database's place checked, and only then the database opened); the
address to open when it listens on every address; what its help says of bots."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import no_serving, one_line_error  # noqa: F401 (a fixture)
from typer.testing import CliRunner

from bodoge.cli import app
from bodoge.core.i18n import text

BODOGE = [sys.executable, "-m", "bodoge.cli"]


def serve_args(*more: str) -> list[str]:
    """``serve`` on a port free now (the default 8000 may be taken on a test machine)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return ["serve", "--port", str(probe.getsockname()[1]), *more]


@pytest.mark.parametrize("workers", ["0", "-3"])
@pytest.mark.usefixtures("no_serving")
def test_serve_refuses_fewer_than_one_bot_worker(workers: str) -> None:
    one_line_error(
        serve_args("--bot-workers", workers), f"--bot-workers must be 1 or more, not {workers}"
    )
    line = one_line_error(serve_args("--bot-workers", workers, "--lang", "ja"))
    assert line == text(
        "cli.error", "ja", message=text("cli.serve.bad_workers", "ja", workers=workers)
    )


@pytest.mark.usefixtures("no_serving")
def test_serve_refuses_a_negative_room_limit_and_an_unknown_log_level() -> None:
    one_line_error(serve_args("--room-limit", "-1"), "--room-limit must be 0 (no limit) or more")
    one_line_error(serve_args("--log-level", "loud"), "say debug, info, warning or error")


BAD_ROOTS = ["bodoge", "/bodoge/", "/", "/a?b", "/a#b", "/a//b", "/a b", "/.."]


@pytest.mark.parametrize("root", BAD_ROOTS)
@pytest.mark.usefixtures("no_serving")
def test_serve_refuses_a_root_path_no_proxy_could_pass_on(root: str) -> None:
    """``--root-path`` is ``/`` and a name, perhaps more parts, nothing after the last: one line
    saying so, in the command line's language."""
    line = one_line_error(serve_args("--root-path", root), "--root-path must be a path such as")
    assert f'(not "{root}")' in line
    line = one_line_error(serve_args("--root-path", root, "--lang", "ja"))
    assert line == text(
        "cli.error", "ja", message=text("cli.serve.bad_root_path", "ja", value=root)
    )


@pytest.mark.parametrize(
    ("db", "shown"),
    [
        ("mysql://bodoge:hunter2@localhost/bodoge", "mysql://…"),
        ("mysterydb://x", "mysterydb://…"),
        ("bodoge.db", "bodoge.db"),
    ],
)
@pytest.mark.usefixtures("no_serving")
def test_serve_says_which_databases_it_keeps_games_in(db: str, shown: str) -> None:
    line = one_line_error(serve_args("--db", db), f"--db {shown}: ")
    assert "sqlite:///PATH" in line and "postgresql://" in line
    assert "hunter2" not in line


@pytest.mark.usefixtures("no_serving")
def test_serve_refuses_a_database_folder_it_cannot_make(tmp_path: Path) -> None:
    one_line_error(serve_args("--db", "sqlite:////proc/bodoge/x.db"), "cannot make its folder")
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    one_line_error(serve_args("--db", f"sqlite:///{a_file}/x.db"), "cannot make its folder")
    one_line_error(serve_args("--db", f"sqlite:///{tmp_path}"), "is a folder: name a file")


def without_privileges() -> list[str]:
    """What to run a command under so that a folder's permissions hold for it: root reads and
    writes anything, so as root the command goes into a user namespace of its own, where it has
    no privileges over the machine's files."""
    if os.geteuid() != 0:
        return []
    if shutil.which("unshare") is None:
        pytest.skip("as root this needs unshare (util-linux) to drop the privileges")
    return ["unshare", "--user"]


def test_serve_refuses_a_database_in_a_read_only_place(tmp_path: Path) -> None:
    """One line, no traceback, exit 2, before the server is started (nor the port kept)."""
    place = tmp_path / "ro"
    place.mkdir()
    place.chmod(0o555)
    try:
        for db in (place / "bodoge.db", place / "new" / "bodoge.db"):
            done = subprocess.run(
                [*without_privileges(), *BODOGE, *serve_args("--db", f"sqlite:///{db}")],
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert done.returncode == 2 and done.stdout == "", done
            assert len(done.stderr.strip().splitlines()) == 1, done.stderr
            assert str(db) in done.stderr and "permission denied" in done.stderr
    finally:
        place.chmod(0o755)
    assert list(place.iterdir()) == []


@pytest.mark.usefixtures("no_serving")
def test_serve_holds_the_port_before_it_makes_the_database(tmp_path: Path) -> None:
    db = tmp_path / "data" / "bodoge.db"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = ["serve", "--port", str(port), "--db", f"sqlite:///{db}"]
        one_line_error(args, f"port {port} is in use")
    assert not db.parent.exists()


def test_serve_on_every_address_says_where_to_open_it(tmp_path: Path) -> None:
    args = serve_args("--host", "0.0.0.0", "--db", f"sqlite:///{tmp_path / 'bodoge.db'}")
    port = args[2]
    process = subprocess.Popen(
        [*BODOGE, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        start_new_session=True,
    )
    try:
        first = process.stdout.readline() if process.stdout else ""
    finally:
        process.terminate()
        process.wait(30)
    here = f"http://127.0.0.1:{port}/"
    named = f"http://{socket.gethostname()}:{port}/"
    assert first.strip() == text("cli.serve.open_all", "en", url=named, here=here)
    assert "0.0.0.0" not in first


def test_serve_help_says_bot_turns_wait_for_the_workers() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    said = " ".join(result.output.split())
    assert "wait in one queue for the --bot-workers" in said
    for flag in ("--room-limit", "--log-level", "--access-log", "--forwarded-allow-ips"):
        assert flag in said
