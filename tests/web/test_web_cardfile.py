"""A card file in the browser: one not UTF-8 (Shift-JIS, as a Windows editor saves it) is refused
in the loader's own line, as Python words it; a card file's refusal stays beside its picker
(role="alert") until the file is changed or removed; in the lobby and the companion's setup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from web_helpers import PHONE, post

import bodoge
from bodoge.core.errors import CardSetError
from bodoge.core.i18n import text

SHIPPED = Path(bodoge.__file__).parent / "games/extreme_mission/cards.toml"
SHOTS = Path("/work/scratch29/cardweb")


def sjis_file(folder: Path) -> Path:
    """The shipped card file saved as Shift-JIS (cp932): its Japanese names are not UTF-8."""
    path = folder / "em_sjis.toml"
    path.write_bytes(SHIPPED.read_text("utf-8").encode("cp932", errors="replace"))
    return path


def pythons_line(path: Path, lang: str) -> str:
    """What Python says of the file, named as the browser names it (its name alone)."""
    with pytest.raises(CardSetError) as refused:
        bodoge.make("extreme-mission", cards=path)
    return CardSetError(path.name, None, None, refused.value.problem_message).text(lang)


def shoot(page: Page, name: str) -> None:
    if SHOTS.is_dir():
        page.screenshot(path=str(SHOTS / name), full_page=True)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_shift_jis_file_is_refused_by_the_lobbys_picker_in_pythons_line(
    server: str, person: Any, tmp_path: Path, lang: str
) -> None:
    sjis = sjis_file(tmp_path)
    said = pythons_line(sjis, lang)
    if lang == "ja":
        assert said.startswith("em_sjis.toml：UTF-8 のテキストではありません（バイト位置 ")
    who = person(f"sjis-{lang}", lang, PHONE)
    page = who.page
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto(server + "/")
    card = page.locator(".game-card.extreme-mission")
    card.locator("input[name=cards]").set_input_files(str(sjis))
    card.locator("[data-create]:not([data-bots])").click()
    error = card.locator(".file-error")
    expect(error).to_have_text(said)
    expect(error).to_have_attribute("role", "alert")
    picker = card.locator("input[name=cards]")
    error_id = error.get_attribute("id") or "?"
    expect(picker).to_have_attribute("aria-describedby", error_id)
    assert posts == [] and page.locator(".toast").count() == 0
    shoot(page, f"lobby-sjis-{lang}.png")
    page.wait_for_timeout(4500)  # a toast would be gone by now
    expect(error).to_have_text(said)
    picker.set_input_files([])  # removed: the error goes with it
    expect(card.locator(".file-error")).to_have_count(0)
    expect(picker).not_to_have_attribute("aria-describedby", error_id)


def test_the_servers_refusal_of_a_card_file_stays_by_the_picker(
    server: str, person: Any, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("[[mission]\nid=", encoding="utf-8")
    who = person("broken", "en", PHONE)
    page = who.page
    page.goto(server + "/")
    card = page.locator(".game-card.extreme-mission")
    card.locator("input[name=cards]").set_input_files(str(broken))
    card.locator("[data-create]:not([data-bots])").click()
    error = card.locator(".file-error")
    expect(error).to_contain_text("broken.toml: ")
    assert page.locator(".toast").count() == 0
    assert all("400" in e for e in who.errors), who.errors  # the browser's line for a refusal
    who.errors.clear()
    card.locator("input[name=cards]").set_input_files(str(SHIPPED))  # changed: the error goes
    expect(card.locator(".file-error")).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_shift_jis_file_is_refused_by_the_companions_picker(
    server: str, person: Any, tmp_path: Path, lang: str
) -> None:
    sjis = sjis_file(tmp_path)
    who = person(f"companion-{lang}", lang, PHONE)
    page = who.page
    page.goto(f"{server}/companion/extreme-mission")
    page.set_input_files("input[name=cards]", str(sjis))
    page.locator("form.setup button[type=submit]").click()
    error = page.locator("form.setup .file-error")
    expect(error).to_have_text(pythons_line(sjis, lang))
    expect(error).to_have_attribute("role", "alert")
    shoot(page, f"companion-sjis-{lang}.png")
    page.wait_for_timeout(4500)
    expect(error).to_be_visible()
    page.set_input_files("input[name=cards]", str(SHIPPED))
    expect(page.locator("form.setup .file-error")).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_room_with_its_own_card_file_says_so(server: str, person: Any, lang: str) -> None:
    """The room's card file by name, in the lobby's list of rooms and in the waiting room, so
    that friends who join know which cards are played."""
    body = {"game": "extreme-mission", "players": 2, "name": "Ann"}
    mine = post(
        server + "/api/rooms",
        {**body, "cards": SHIPPED.read_text("utf-8"), "cards_name": "em_owner.toml"},
    )
    plain = post(server + "/api/rooms", body)
    said = {"en": "Cards: em_owner.toml", "ja": "カード：em_owner.toml"}[lang]
    page = person(f"owner-{lang}", lang, PHONE).page
    page.goto(server + "/")
    expect(page.locator(f".open-rooms a[href='/r/{mine['room']}']")).to_contain_text(said)
    expect(page.locator(f".open-rooms a[href='/r/{plain['room']}']")).not_to_contain_text(said)
    shoot(page, f"lobby-rooms-{lang}.png")
    page.goto(f"{server}/r/{mine['room']}")
    expect(page.locator(".waiting .cards-line")).to_have_text(said)
    shoot(page, f"waiting-cards-{lang}.png")
    page.goto(f"{server}/r/{plain['room']}")
    expect(page.locator(".waiting h2")).to_be_visible()
    expect(page.locator(".waiting .cards-line")).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lobby_links_the_games_own_card_file_to_start_from(
    server: str, person: Any, lang: str
) -> None:
    page = person(f"start-{lang}", lang, PHONE).page
    page.goto(server + "/")
    for game in bodoge.games():
        link = page.locator(f".game-card.{game} a.card-set-start")
        expect(link).to_have_text(text("web.lobby.card_set_start", lang))
        with page.expect_download() as downloading:
            link.click()
        download = downloading.value
        assert download.suggested_filename == f"{game}.toml"
        shipped = SHIPPED.parents[1] / game.replace("-", "_") / "cards.toml"
        assert Path(download.path()).read_bytes() == shipped.read_bytes()
    page.locator(".game-card.extreme-mission .cards-file").scroll_into_view_if_needed()
    shoot(page, f"lobby-start-{lang}.png")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lobby_links_the_page_on_writing_a_card_file(
    server: str, person: Any, lang: str
) -> None:
    """Beside the card-set picker, how to write a card file: the game's page on it, in the
    reader's language, which the rules page links to as well."""
    page = person(f"help-{lang}", lang, PHONE).page
    for game in bodoge.games():
        page.goto(server + "/")
        link = page.locator(f".game-card.{game} a.card-set-help")
        expect(link).to_have_text(text("web.lobby.card_set_help", lang))
        link.click()
        expect(page).to_have_url(f"{server}/rules/{game}/cards?lang={lang}")
        expect(page.locator("main.rules h1")).to_contain_text(text("web.rules.card_file", lang))
        expect(page.locator("main.rules code", has_text="[[").first).to_be_visible()
        page.goto(f"{server}/rules/{game}?lang={lang}")
        to_cards = page.locator(f"main.rules a[href='/rules/{game}/cards?lang={lang}']")
        expect(to_cards.first).to_be_visible()
