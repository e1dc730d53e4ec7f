"""Who reads an answer, and a refusal in their language: the language ``?lang=`` asks for, else
the first of the ``Accept-Language`` header, else English. The app, the companion's routes and the
path-prefix middleware all answer in it.

An API that takes the language as an argument (:mod:`~bodoge.server.pages`) refuses one it does
not know instead: there ``lang`` is part of what is asked, not a preference.

>>> from starlette.requests import HTTPConnection
>>> def asked(query: bytes, accept: bytes = b"") -> str:
...     scope = {"type": "http", "query_string": query, "headers": [(b"accept-language", accept)]}
...     return lang_of(HTTPConnection(scope))
>>> asked(b"lang=ja"), asked(b"", b"ja-JP,en;q=0.5"), asked(b"lang=xx", b"en"), asked(b"")
('ja', 'ja', 'en', 'en')
"""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse

from bodoge.core.errors import BodogeError
from bodoge.core.i18n import LANGUAGES, text
from bodoge.server.rooms import RoomError, engine_text


def lang_of(request: HTTPConnection) -> str:
    """The language to answer ``request`` in."""
    asked = request.query_params.get("lang")
    if asked in LANGUAGES:
        return asked
    accept = request.headers.get("accept-language", "")
    first = accept.split(",")[0].strip().lower()
    return "ja" if first.startswith("ja") else "en"


def refused(
    request: HTTPConnection, exc: RoomError | BodogeError, status: int = 400
) -> JSONResponse:
    """``exc`` as the API's one-line ``{"error": …}``, in the reader's language, with the status a
    :class:`RoomError` names (else ``status``) and, for a wait, its ``Retry-After``."""
    lang = lang_of(request)
    if isinstance(exc, RoomError):
        message = exc.message or text(exc.key, lang, **exc.fields)
        status = exc.status
    else:
        message = engine_text(exc, lang)
    answer = JSONResponse({"error": " ".join(message.split())}, status_code=status)
    if isinstance(exc, RoomError) and "seconds" in exc.fields:
        answer.headers["Retry-After"] = str(exc.fields["seconds"])
    return answer
