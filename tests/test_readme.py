"""The README's Python example runs as written."""

from __future__ import annotations

import re
from pathlib import Path


def test_readme_python_example_runs() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks, "the README shows a Python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_readme_simulate_examples_show_finished_games(tmp_path: Path) -> None:
    """The README's simulate examples (fewer games) finish their games and have winners: random
    seats never finish Extreme Mission, so neither the examples nor the default seats use them."""
    import json
    import shlex

    from typer.testing import CliRunner

    from bodoge.cli import app

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    lines = [line.split("#")[0] for line in readme.splitlines() if "bodoge simulate" in line]
    assert len(lines) >= 2
    for n, line in enumerate(lines):
        args = shlex.split(line)[1:]
        args[args.index("--games") + 1] = "12"
        args = [a for i, a in enumerate(args) if a != "--json" and args[i - 1] != "--json"]
        out = tmp_path / f"{n}.json"
        result = CliRunner().invoke(app, [*args, "--json", str(out)])
        assert result.exit_code == 0, result.output
        report = json.loads(out.read_text(encoding="utf-8"))
        assert report["truncated_share"] < 0.5 and report["no_winner"] < 6, line
        assert sum(seat["wins"] for seat in report["seats"]) >= 6, line
