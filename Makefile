# beannb: `make app` serves the Voila app, `make test` runs every test.
# Both create .venv and install beannb into it first (again only when pyproject.toml changes).

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
BEANNB := $(VENV)/bin/beannb
STAMP  := $(VENV)/.beannb-installed

# `make app PORT=8866 APP_ARGS=--open`; no PORT means a free one.
PORT       ?=
APP_ARGS   ?=
BENCH_ARGS ?=
# A notebook cell that runs longer than this fails the notebook test.
NB_CELL_TIMEOUT ?= 300

CHROMIUM := /usr/bin/chromium
# JupyterHub's proxy for the JupyterHub test (tests/browser/test_jupyterhub.py), from the npm
# registry into the build area (not on the system); the test looks for it there.
CHP_VERSION := 5.3.0
CHP_PREFIX  := build/hub-proxy
CHP         := $(CHP_PREFIX)/node_modules/.bin/configurable-http-proxy

empty :=
space := $(empty) $(empty)

.PHONY: help venv install test test-unit test-scenarios test-notebooks test-browser browser-deps hub-deps \
        app class bench binder-pins clean site serve-site translations

help:
	@echo "make app        install, then serve the notebooks with Voila on 127.0.0.1"
	@echo "make class      install, then serve them to a classroom: network address, token, preheated kernels"
	@echo "make test       install, then run unit and browser tests, scenario checks and notebook tests"
	@echo "make test-browser  install, then run only the real-browser tests (tests/browser, part of make test)"
	@echo "make hub-deps   (part of test) install JupyterHub's proxy (configurable-http-proxy) from npm into $(CHP_PREFIX)"
	@echo "make install    create $(VENV) and install beannb with its app and test extras"
	@echo "make bench      install, then run 'beannb bench'"
	@echo "make binder-pins  rewrite binder/requirements.txt from what $(VENV) has installed"
	@echo "make site       build the browser-only site (Voici + Pyodide, no server needed) into _site/"
	@echo "make serve-site serve _site/ on 127.0.0.1 with a plain static file server"
	@echo "make translations  extract the messages into the catalogues (.pot/.po) and compile them (.mo)"
	@echo "make clean      remove $(VENV), caches and build artefacts"

$(PY):
	$(PYTHON) -m venv $(VENV)

# An editable install leaves out the package's data files, so the Voila template is linked
# into the environment by hand: plain `voila notebooks/` then finds it as a wheel install would.
TEMPLATE_LINK := $(VENV)/share/jupyter/voila/templates/beannb

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --disable-pip-version-check -e '.[test]'
	@mkdir -p $(dir $(TEMPLATE_LINK))
	@ln -sfn $(CURDIR)/beannb/data/jupyter/voila/templates/beannb $(TEMPLATE_LINK)
	@touch $@

# A checkout that once held the compiled engine (gone: it added 1.1x) may still have its binary
# modules beside the sources, which Python would import instead of them: removed once.
LEFTOVERS_STAMP := $(VENV)/.beannb-no-binaries
$(LEFTOVERS_STAMP): $(STAMP)
	@find beannb \( -name '*.so' -o -name '*.pyd' -o -name '*.c' -o -name _native_build.json \) -delete
	@touch $@

venv install: $(STAMP) $(LEFTOVERS_STAMP)

# Browser tests drive Debian's Chromium. Installing it needs root (as in CI); anyone
# else gets a note and the browser tests skip themselves.
browser-deps:
	@if [ -x "$(CHROMIUM)" ]; then \
	  echo "browser-deps: $(CHROMIUM) is present"; \
	elif [ "$$(id -u)" != 0 ]; then \
	  echo "browser-deps: skipping Chromium install: $(CHROMIUM) is missing and installing it needs root (browser tests will be skipped)"; \
	elif ! command -v apt-get >/dev/null 2>&1; then \
	  echo "browser-deps: skipping Chromium install: no apt-get on this machine (browser tests will be skipped)"; \
	else \
	  echo "browser-deps: installing Debian's chromium for the browser tests"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -q && apt-get install -y -q chromium </dev/null; \
	fi

# JupyterHub's proxy (configurable-http-proxy, pinned) for the JupyterHub test. Needs Node.js
# with npm; without them (or without the registry) the test says so and is skipped.
hub-deps:
	@if [ -x "$(CHP)" ] && [ "$$($(CHP) --version 2>/dev/null)" = "$(CHP_VERSION)" ]; then \
	  echo "hub-deps: configurable-http-proxy $(CHP_VERSION) is present in $(CHP_PREFIX)"; \
	elif ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then \
	  echo "hub-deps: skipping configurable-http-proxy: no Node.js/npm on this machine (the JupyterHub test will be skipped)"; \
	else \
	  echo "hub-deps: installing configurable-http-proxy $(CHP_VERSION) into $(CHP_PREFIX)"; \
	  mkdir -p $(CHP_PREFIX) && npm install --prefix $(CHP_PREFIX) --no-audit --no-fund --no-save \
	    configurable-http-proxy@$(CHP_VERSION) \
	  || echo "hub-deps: npm could not install configurable-http-proxy (the JupyterHub test will be skipped)"; \
	fi

# Every suite runs even when an earlier one fails (-k); the exit status reports any failure.
test: $(STAMP) $(LEFTOVERS_STAMP) browser-deps hub-deps
	@$(MAKE) --no-print-directory -k test-unit test-scenarios test-notebooks

# Runs everything under tests/, the real-browser tests (tests/browser) included.
test-unit: $(STAMP) $(LEFTOVERS_STAMP)
	$(PY) -m pytest

test-scenarios: $(STAMP) $(LEFTOVERS_STAMP)
	$(BEANNB) check scenarios/

# Only the browser tests: a real Voila server driven by Debian's Chromium; screenshots
# land in tests/browser/screenshots/.
test-browser: $(STAMP) $(LEFTOVERS_STAMP) browser-deps hub-deps
	$(PY) -m pytest tests/browser -v

# Sections a page builds when scrolled to (see beannb/widgets/onshow.py) are built at once
# here, so every widget of every page is constructed in its kernel.
test-notebooks: $(STAMP) $(LEFTOVERS_STAMP)
	BEANNB_LAZY=0 $(PY) -m pytest --nbval-lax --nbval-cell-timeout=$(NB_CELL_TIMEOUT) notebooks/

app: $(STAMP) $(LEFTOVERS_STAMP)
	$(BEANNB) app $(if $(PORT),--port $(PORT)) $(APP_ARGS)

# `make class PORT=8866 APP_ARGS="--ip 0.0.0.0 --pool 10"`: `beannb app --class`, the app
# on the network for a class, behind the token in the join link it prints.
class: $(STAMP) $(LEFTOVERS_STAMP)
	$(BEANNB) app --class $(if $(PORT),--port $(PORT)) $(APP_ARGS)

bench: $(STAMP) $(LEFTOVERS_STAMP)
	$(BEANNB) bench $(BENCH_ARGS)

# The browser-only site: the site tools live in .venv-site/ (beannb/site/pins/site-requirements.txt),
# downloads are cached in .cache/site/; see `beannb site --help`. The build runs on the standard
# library (the tools run in their own virtualenv), so it needs no $(VENV): only Python 3.10 or
# later, and Node.js with npm.
# `make site LESSONS=folder` adds a folder of your own lessons.
SITE_RUN := PYTHONPATH=$(CURDIR) $(PYTHON) -m beannb site

site:
	$(SITE_RUN) $(LESSONS)

serve-site:
	$(SITE_RUN) --serve $(if $(PORT),--port $(PORT))

# Exact pins for Binder: the app extra and the Jupyter stack it runs on.
BINDER_PACKAGES := voila ipywidgets jupyterlab ipykernel matplotlib networkx pyyaml \
                   jupyter[-_]server jupyter[-_]client jupyter[-_]core jupyterlab[-_]server \
                   jupyterlab[-_]widgets widgetsnbextension nbclient nbconvert nbformat \
                   ipython traitlets tornado pyzmq comm numpy anywidget psygnal segno

binder-pins: $(STAMP)
	@{ echo "# Exact versions the app is tested with (make binder-pins); beannb itself is installed by postBuild."; \
	   $(PY) -m pip freeze --disable-pip-version-check --exclude-editable \
	     | grep -i -E '^($(subst $(space),|,$(strip $(BINDER_PACKAGES))))==' ; } > binder/requirements.txt
	@cat binder/requirements.txt

clean:
	rm -rf $(VENV) .venv-site .cache _site .pytest_cache .hypothesis build dist .eggs tests/browser/screenshots
	find . -path ./.git -prune -o \( -name __pycache__ -o -name '*.egg-info' -o -name .ipynb_checkpoints \) -prune -exec rm -rf {} +

# The message catalogues (beannb/i18n/extract.py): after changing or adding a message, run this,
# translate what it lists as untranslated or fuzzy in each language's .po, and run it again.
translations: $(STAMP)
	$(PY) -m beannb.i18n.extract
