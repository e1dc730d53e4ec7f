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
