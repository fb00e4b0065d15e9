# The two commands of the quick start: `make run` and `make test`.
# Both create .venv and install the project into it from its own files first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# A second environment holds the mypyc-compiled build of the strict core and the table
# engine (see setup.py).
COMPILED := .venv-compiled
CSTAMP := $(COMPILED)/.installed-stamp
SOURCES := $(shell find src -name '*.py' 2>/dev/null)

.PHONY: run test lint typecheck browser unit unit-compiled bench mutation clean catalogs

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(CSTAMP): pyproject.toml setup.py $(SOURCES)
	rm -rf $(COMPILED)
	$(PYTHON) -m venv $(COMPILED)
	$(COMPILED)/bin/python -m pip install --quiet --upgrade pip
	$(COMPILED)/bin/python -m pip install --quiet setuptools==80.9.0 mypy==2.4.1
	BRIDGELAW_COMPILE=1 $(COMPILED)/bin/python -m pip install --quiet --no-build-isolation '.[dev]'
	touch $(CSTAMP)

# The demo server: a club night played online against robots (you are North at table 1), the
# director's session console and the live results (bridgelaw serve --demo); Ctrl-C stops it. `make run PORT=8001`
# if 8000 is taken. Strict tables (what the Laws forbid is refused); `make run DEMO_MODE=law` for law
# tables (irregularities allowed and ruled).
PORT ?= 8000
DEMO_MODE ?= strict
run: $(STAMP)
	$(BIN)/bridgelaw serve --demo --demo-mode $(DEMO_MODE) --port $(PORT)

test: lint typecheck browser unit unit-compiled

# The browser tests drive Debian's chromium (tests/browser/conftest.py): installed here when it
# is missing and we are root; otherwise they are skipped, or fail under CI (CI=true).
CHROMIUM ?= /usr/bin/chromium
browser:
	@if [ ! -x $(CHROMIUM) ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian's chromium for the browser tests"; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get install -y -qq chromium >/dev/null 2>&1 \
		|| { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; } \
		|| echo "chromium could not be installed: the browser tests will say so"; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict src tests benchmarks

# The tests run on every core up to four (pytest-xdist; `make test WORKERS=0` runs them in one
# process). Each worker is a process of its own, with its own PostgreSQL server and browser;
# an idle worker takes tests queued for a busy one (worksteal), as their lengths vary widely.
WORKERS ?= auto --maxprocesses=4 --dist worksteal

# The pure-Python build: every test, the doctests in the sources, the README and docs/*.md.
unit: $(STAMP)
	$(BIN)/pytest -n $(WORKERS)

# The compiled build, installed (not editable) in its own environment: the same tests but
# those marked pure_build_only (tests/conftest.py says which and why).
unit-compiled: $(CSTAMP)
	BRIDGELAW_EXPECT_COMPILED=1 $(COMPILED)/bin/python -m pytest -p no:cacheprovider \
		-n $(WORKERS) -m "not pure_build_only" tests

# The gettext catalogs (docs/languages.md): the template written from the engine's messages
# (extract), merged into each language's .po (update: a changed English template leaves its
# translation fuzzy, which the tests count as missing), then compiled as a check of every
# catalog's syntax and plural forms (compile; the .mo files go to build/, as the package reads
# the .po files at run time). The law book's clause titles are a domain of their own
# (laws.pot and each language's laws.po, written by extract_laws), done the same way.
catalogs: $(STAMP)
	$(BIN)/python -m bridgelaw.i18n.extract src/bridgelaw/locale/bridgelaw.pot
	$(BIN)/pybabel update --ignore-obsolete -w 100 -i src/bridgelaw/locale/bridgelaw.pot -d src/bridgelaw/locale -D bridgelaw
	$(BIN)/python -m bridgelaw.i18n.extract_laws src/bridgelaw/locale/laws.pot
	$(BIN)/pybabel update --ignore-obsolete -w 100 -i src/bridgelaw/locale/laws.pot -d src/bridgelaw/locale -D laws
	mkdir -p build/locale && for lang in pl hu sk; do \
		$(BIN)/pybabel compile -i src/bridgelaw/locale/$$lang/LC_MESSAGES/bridgelaw.po \
			-o build/locale/$$lang.mo -l $$lang --statistics || exit 1; \
		$(BIN)/pybabel compile -i src/bridgelaw/locale/$$lang/LC_MESSAGES/laws.po \
			-o build/locale/$$lang-laws.mo -l $$lang --statistics || exit 1; \
	done

# Speed against OpenSpiel, for both builds (needs the optional `bench` extra).
bench: $(STAMP) $(CSTAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(COMPILED)/bin/python -m pip install --quiet 'open_spiel==2.0.2'
	@echo "== dealing (Law 6): secure dealer against random.shuffle, both making a validated Deal"
	$(BIN)/python benchmarks/dealing.py
	@echo "== score-event on 200,000 results against json.loads of the same file"
	$(BIN)/python benchmarks/scoring.py --outputs
	@echo "== score-event as a process (club, congress, 500 x 400) against a process parsing the JSON"
	$(BIN)/python benchmarks/score_event_process.py
	@echo "== analyse: DD tables and par, against endplay's batch call (1,000 deals)"
	$(BIN)/python benchmarks/analyse.py
	@echo "== strict engine, pure Python"
	$(BIN)/python benchmarks/engine.py
	@echo "== strict engine, compiled with mypyc"
	$(COMPILED)/bin/python benchmarks/engine.py
	@echo "== table engine against the strict engine, pure Python"
	$(BIN)/python benchmarks/table_engine.py
	@echo "== table engine against the strict engine, both compiled with mypyc"
	$(COMPILED)/bin/python benchmarks/table_engine.py
	@echo "== Law 70 adjudication, 8 tricks left (p99 against DDS)"
	$(BIN)/python benchmarks/adjudicate.py
	@echo "== the live ranking of a 30-table Howell, in process, against score_tournament at each result"
	$(BIN)/python benchmarks/live_ranking.py
	@echo "== a 30-table Howell session through the server: accepted result -> ranking, against score-event"
	$(BIN)/python benchmarks/session_live.py

# Mutation testing of the table engine with mutmut (optional, not part of `make test`; needs the
# `mutation` extra). MUTANTS picks the mutants run: by default a fixed sample, numbers 17, 27, 37...
# of every function (about 1 in 13 of the 13,500); `make mutation MUTANTS='bridgelaw.table.*'` runs
# them all (hours). Niced, two workers; prints the score per module (tests/mutation_score.py).
MUTANTS ?= bridgelaw.table.*__mutmut_*[0-9]7
mutation: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,mutation]'
	rm -rf mutants
	nice -n 19 $(BIN)/mutmut run --max-children 2 '$(MUTANTS)' > mutmut-run.log 2>&1 \
		|| { tail -40 mutmut-run.log; exit 1; }
	$(BIN)/python tests/mutation_score.py --pattern '$(MUTANTS)'

clean:
	rm -rf $(VENV) $(COMPILED) build src/*.egg-info .mypy_cache .pytest_cache .ruff_cache mutants
