# Two commands do everything on a fresh machine: `make run` and `make test`.
# Each creates .venv when it is missing and installs what is needed (quick when already done).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# The browser tests drive Debian's chromium; Japanese pages need a CJK font. CI runs as root.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PORT ?= 8000

.PHONY: run test native lint typecheck pytest pytest-pure browser bench clean

# The tests run twice: all of them with the engines compiled (bodoge.native), then the engines'
# own and the doctests as the pure-Python fallback.
PURE_TESTS := tests/extreme_mission tests/ruler_of_mana tests/agents tests/test_core.py \
	tests/test_choices.py tests/test_tiny_game.py tests/test_native.py src/bodoge/core \
	src/bodoge/agents src/bodoge/games

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,bench,rl,learn]'
	@touch $(STAMP)

# Serve the games on http://127.0.0.1:$(PORT)/ (bodoge serve prints it), opened in the desktop's
# browser when there is one.
run: $(STAMP)
	@$(BIN)/bodoge native --build || echo "bodoge: no compiled engines (see above); pure Python runs"
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ] && command -v xdg-open >/dev/null; then \
	  (sleep 2; xdg-open http://127.0.0.1:$(PORT)/ >/dev/null 2>&1) & fi; \
	exec $(BIN)/bodoge serve --port $(PORT)

test: $(STAMP) browser lint typecheck pytest pytest-pure

# The engines compiled with mypyc into build/native (a minute or two, then only when they change).
native: $(STAMP)
	$(BIN)/bodoge native --build

browser:
	@command -v chromium >/dev/null && dpkg -s fonts-noto-cjk >/dev/null 2>&1 || { \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium fonts-noto-cjk; }

lint: $(STAMP)
	$(BIN)/ruff check conftest.py src tests bench examples docs/trials
	$(BIN)/ruff format --check conftest.py src tests bench examples docs/trials

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP) native
	BODOGE_EXPECT_NATIVE=1 $(BIN)/pytest -n 2 --dist worksteal --durations=10

pytest-pure: $(STAMP)
	BODOGE_PURE_PYTHON=1 $(BIN)/pytest -n 2 --dist worksteal $(PURE_TESTS)

bench: $(STAMP)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) build .mypy_cache .pytest_cache .ruff_cache
