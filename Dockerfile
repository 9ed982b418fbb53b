# The bot's image (docs/operations.md): `docker build -t grassbot .`, then
#   docker run -d --env-file .env -v grassbot-data:/app/data grassbot
# runs one process on a SQLite file in the volume; compose.yaml runs two shard processes
# on PostgreSQL. Nothing is fetched at run time: the dependencies, the compiled language
# catalogs and the fonts of the four languages and of CJK names are all in the image, and
# so is the Discord Activity's page (docs/activity.md), served only when ACTIVITY_PORT is set.

# --- build: the dependencies exactly as locked, the catalogs, the bytecode ----------------
FROM python:3.11-slim-bookworm AS build

ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/venv
# Every package at the version requirements.lock holds, checked against its hashes (`make
# lock` writes it); wheels only, as the slim image has no compiler.
COPY requirements.lock /opt/requirements.lock
RUN /opt/venv/bin/pip install --require-hashes --only-binary=:all: -r /opt/requirements.lock

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games games
COPY render render
COPY lang lang
COPY bot bot
# `/<game> rules` attaches these (bot/core/kinds.py reads them beside the code).
COPY docs/rules docs/rules
# The project itself runs from /app, as a checkout does with `make run`: installed in
# editable mode, without dependencies (the lock brought them all).
RUN /opt/venv/bin/pip install --no-deps -e . \
    && for po in lang/locales/*/LC_MESSAGES/messages.po; do \
        /opt/venv/bin/python -m lang.compile "$po" "${po%.po}.mo" || exit 1; \
    done \
    && /opt/venv/bin/python -m compileall -q games render lang bot

# --- activity: the Activity's page, built as `make run` builds it ------------------------
# activity/build.py is the one way the page is built: it installs the npm packages exactly
# as package-lock.json holds them, checked against its integrity hashes (`npm ci`, no
# install scripts), bundles the page with esbuild and copies the replay page's drawers
# from render/web. It needs Python's standard library only, so this stage takes Debian's
# python3 (the same 3.11) beside Node, pinned like the CJK font below, rather than
# bringing Node into the Python stages or writing the build a second time here.
# Node 22: the long-term-support line still maintained (20 reached its end in April 2026).
FROM node:22-bookworm-slim AS activity

RUN apt-get update \
    && apt-get install -y --no-install-recommends python3=3.11.2-1+b1 \
    && rm -rf /var/lib/apt/lists/*
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# Everything build.py reads (its `sources()`): the lock, the page's sources, the drawers.
COPY activity/package.json activity/package-lock.json activity/build.py activity/
COPY activity/src activity/src
COPY render/web render/web
RUN python3 activity/build.py --force

# --- run ------------------------------------------------------------------------------------
FROM python:3.11-slim-bookworm

# Chinese, Japanese and Korean player names are drawn with Debian's Droid Sans Fallback,
# read from its system path (render/typeface.py); the version is pinned like the rest.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-droid-fallback=1:6.0.1r16-1.1 \
    && rm -rf /var/lib/apt/lists/*

RUN useradd --system --no-log-init --user-group --uid 10001 --home-dir /app bot
COPY --from=build /opt/venv /opt/venv
COPY --from=build /app /app
# Where the Activity's server serves the page from (bot/core/activity_server.py, STATIC).
COPY --from=activity /app/activity/dist /app/activity/dist
# The code belongs to root, read-only for the bot; only its data directory is its own.
RUN mkdir /app/data && chown bot:bot /app/data

# The database is data/bot.sqlite3 (DATABASE_PATH's default) in this volume, unless
# DATABASE_URL names a PostgreSQL one. The metrics and health checks are served on every
# address of the container, so that the HEALTHCHECK and Prometheus can reach them; publish
# the port only where Prometheus runs (docs/operations.md). The Activity's server is off
# until ACTIVITY_PORT is set (8080, the port docs/activity.md and .env.example use); it
# then listens on every address of the container too, for the HTTPS host in front of it.
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    METRICS_PORT=9464 \
    METRICS_HOST=0.0.0.0 \
    ACTIVITY_HOST=0.0.0.0
WORKDIR /app
# By number, so that a runtime (Kubernetes' runAsNonRoot) can tell it is not root.
USER 10001:10001
VOLUME /app/data
EXPOSE 9464 8080

# /readyz: the gateway connected and the database answering (bot/health.py: no curl here).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot.health"]
# As the systemd unit does: the bot stops between moves and gives its leases back.
STOPSIGNAL SIGINT
CMD ["python", "-m", "bot"]
