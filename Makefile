# Word Game Solver Lab: `make run` serves the dashboard, `make test` installs what it needs and runs the suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8501
PYTEST := $(PY) -m pytest --durations=30
JOBS ?= 2  # test processes (pytest-xdist); each test file runs whole in one of them

.PHONY: run test test-fast test-slow browser wordlists dictionary clean

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

run: $(VENV)/.installed dictionary
	$(PY) -m streamlit run app.py --server.port $(PORT)

# The browser suite drives Debian's chromium: installed here when missing (as root with apt-get).
browser:
	@if ! command -v chromium >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "make: installing Debian's chromium for the browser tests"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null; \
	  else \
	    echo "make: chromium is missing and cannot be installed here (needs root and apt-get): the browser tests will fail; run 'apt-get install chromium' or 'make test-fast'"; \
	  fi; \
	fi

# The built-in Wordle guesses are built from Debian's SCOWL word lists (a test rebuilds them): installed when missing.
wordlists:
	@if [ ! -d /usr/share/dict/scowl ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "make: installing Debian's scowl word lists for the built-in list tests"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq scowl >/dev/null; \
	  else \
	    echo "make: /usr/share/dict/scowl is missing and cannot be installed here (needs root and apt-get): the built-in list rebuild test will fail; run 'apt-get install scowl'"; \
	  fi; \
	fi

# Crosswords without the archive also read GCIDE, Debian's dict-gcide (GPL): installed when missing; without it the
# solver still works and the page says the dictionary was not used.
dictionary:
	@if [ ! -f /usr/share/dictd/gcide.index ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "make: installing Debian's dict-gcide dictionary for crosswords without the archive"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dict-gcide >/dev/null; \
	  else \
	    echo "make: /usr/share/dictd/gcide.index is missing and cannot be installed here (needs root and apt-get): crosswords without the archive will not use the GCIDE dictionary; run 'apt-get install dict-gcide'"; \
	  fi; \
	fi

test: $(VENV)/.installed browser wordlists dictionary
	$(PYTEST) -m "not slow" -n $(JOBS) --dist loadfile

test-fast: $(VENV)/.installed wordlists dictionary
	$(PYTEST) -m "not slow and not e2e" -n $(JOBS) --dist loadfile

test-slow: $(VENV)/.installed browser wordlists dictionary
	$(PYTEST) -m slow

clean:
	rm -rf $(VENV) .cache tests/e2e/screenshots
