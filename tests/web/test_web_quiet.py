"""Ask me only when I can answer (bodoge.server.quiet), as a person meets it. Ruler of Mana asks
every other seat after each play whatever they hold; the box is ticked unless one unticks it.
The position is stored before the server starts; Bob's moves go over the room's websocket."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_helpers import PHONE, in_header, scenario_room, seat_steps

from bodoge.core.i18n import text

ANN = "scenario-seat-0-token-for-the-quiet-test"
BOB = "scenario-seat-1-token-for-the-quiet-test"
# Bob starts and casts Firestorm's first option (S07: fire, fire, any) at Ann, who holds mana
# and Oracle Wind (S33), no reaction: she is asked (holding a spell, which the table cannot see
# is none), and her only step is to pass. (Holding mana alone, which the table sees, she was
# not asked at all: this test saw no question before session 37.)
SETUP = {
    "start_player": 1,
    "hands": {
        "0": ["MW1-01", "MW1-02", "ME1-03", "S33"],
        "1": ["MF1-02", "MF1-03", "MA1-02", "S07"],
    },
    "deck": ["ME1-01", "ME1-02", "S12", "MF1-01"],
}
# The move bar says that the server passes for you, in the window.
PASSING_SAID = """(words) => { const what = document.querySelector('.moves .what');
  const r = what?.getBoundingClientRect();
  return what?.textContent === words && r.top >= 0 && r.bottom <= innerHeight; }"""
# Whether Ann's page ever offered her a step while she could only pass.
OFFERED = """(() => { window.offered = []; new MutationObserver(() => {
  const f = window.bodoge?.frame;
  if (f?.legal?.length === 1 && f.legal[0] === 'pass' && document.querySelector('[data-step]'))
    window.offered.push(f.seq);
}).observe(document, { childList: true, subtree: true, attributes: true }); })()"""


def test_a_person_is_asked_only_when_they_can_answer(tmp_path: Path, person: Any) -> None:
    """Ann's first visit (nothing stored), 390x844 in Japanese: the box is ticked; Bob's spell at
    her asks her a question she can only pass, which nobody shows her and the server passes for
    her. Unticked, it stays unticked on her next visit."""
    people = {1: ("Bob", BOB)}
    with scenario_room(
        tmp_path / "db.sqlite", "ruler-of-mana", SETUP, "quiet", ANN, people=people
    ) as link:
        who = person("quiet-new", "ja", PHONE)
        page = who.page
        page.add_init_script(OFFERED)
        page.goto(link)
        page.wait_for_selector(".board .deck")
        box = page.locator(in_header(page, "#quiet"))
        assert box.get_attribute("aria-describedby") == "quiet-help"
        assert page.inner_text("label.quiet") == text("web.quiet", "ja")
        assert box.is_checked()  # on unless unticked (see room/state.js)
        with seat_steps(link, "quiet", BOB) as act:
            act("cast S07/1 F1 F1 A1")
            # till the server passes, the move bar says it will, in the window (the status line
            # saying so had scrolled away above her hand)
            page.wait_for_function(PASSING_SAID, arg=text("web.rm.prompt.quiet_pass", "ja"))
            page.wait_for_function(  # passed for her: the spell resolved
                "window.bodoge.frame.view.log.some((e) => e.event === 'damage' && e.target === 0)"
            )
            log = page.evaluate("window.bodoge.frame.view.log.map((e) => e.event)")
            assert log[log.index("cast") + 1] == "pass", log
        assert page.evaluate("window.offered") == []
        box.uncheck()
        assert page.evaluate("localStorage.getItem('bodoge.quiet')") == "0"
        page.reload()
        page.wait_for_selector(".board .deck")
        assert not page.locator(in_header(page, "#quiet")).is_checked()
        who.close()


def test_a_spectator_is_not_refused_for_it(tmp_path: Path, person: Any) -> None:
    """Someone watching (no seat) has no question to be spared: their page asks nothing of the
    server, which refuses a spectator's wish ("spectators cannot act", shown as a toast once the
    box was ticked by default)."""
    with scenario_room(tmp_path / "db.sqlite", "ruler-of-mana", SETUP, "watch", ANN) as link:
        who = person("quiet-spectator", viewport=PHONE)
        page = who.page
        page.goto(link.split("#")[0])  # the room's address without a seat's token
        page.wait_for_selector(".board .deck")
        page.wait_for_timeout(1000)  # a refusal's time to come
        assert page.locator(".toast").count() == 0, page.locator(".toast").all_inner_texts()
        who.close()
