"""Where the server keeps its data: the user's data folder (``platformdirs``), unless told; and
where the pages' files are (:func:`web_dir`).

>>> default_db_url().startswith("sqlite:///") and default_db_url().endswith("bodoge.db")
True
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import platformdirs

__all__ = ["data_dir", "default_db_url", "web_dir"]


def data_dir() -> Path:
    """The user's data folder for bodoge (``~/.local/share/bodoge`` on Linux)."""
    return Path(platformdirs.user_data_dir("bodoge", appauthor=False))


def default_db_url() -> str:
    """The database ``bodoge serve`` uses without ``--db``: ``bodoge.db`` in :func:`data_dir`."""
    return f"sqlite:///{data_dir() / 'bodoge.db'}"


def web_dir() -> Path:
    """Where the front end's static files are (``bodoge/web``)."""
    return Path(str(resources.files("bodoge").joinpath("web")))
