# Word Game Solver Lab: `make run` serves the dashboard, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8501

.PHONY: run test test-fast test-slow bench-all clean

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

run: $(VENV)/.installed
	$(PY) -m streamlit run app.py --server.port $(PORT)

test: $(VENV)/.installed
	$(PY) -m pytest -m "not slow"

test-fast: $(VENV)/.installed
	$(PY) -m pytest -m "not slow and not e2e"

test-slow: $(VENV)/.installed
	$(PY) -m pytest -m slow

clean:
	rm -rf $(VENV) .cache tests/e2e/screenshots
