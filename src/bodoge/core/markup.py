"""HTML built as the browser's pages build it (``web/ui.js`` ``el``): an element with its
attributes and children, text escaped, for the server's pages that draw what the table draws
(the cards of the rules pages, each game's ``figures`` module).

>>> el("div", {"class": "card", "aria-label": "a <b>"}, "7", el("span", {}, "x"), None)
'<div class="card" aria-label="a &lt;b&gt;">7<span>x</span></div>'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping

__all__ = ["Markup", "el"]


class Markup(str):
    """HTML already built: a child put in as it is, where a plain ``str`` is text."""


Child = str | Markup | None | Iterable["Child"]


def _children(children: Iterable[Child]) -> Iterable[str]:
    for child in children:
        if child is None:
            continue
        if isinstance(child, Markup):
            yield child
        elif isinstance(child, str):
            yield html.escape(child, quote=False)
        else:
            yield from _children(child)


def el(tag: str, attrs: Mapping[str, str | None], *children: Child) -> Markup:
    """``<tag attrs>children</tag>``; an attribute of value None is left out."""
    said = "".join(
        f' {name}="{html.escape(value)}"' for name, value in attrs.items() if value is not None
    )
    return Markup(f"<{tag}{said}>{''.join(_children(children))}</{tag}>")
