"""Opening the history database: URLs, SQLite pragmas (WAL, busy timeout), readable errors."""

from __future__ import annotations

from pathlib import Path

from rlve.errors import RlveError

#: How long a SQLite connection waits for another writer's lock before failing, in milliseconds.
BUSY_TIMEOUT_MS = 30_000


def to_url(target: str) -> str:
    """A SQLAlchemy URL for ``target``: URLs pass through, anything else is a SQLite file path."""
    if "://" in target:
        return target
    return f"sqlite:///{Path(target).expanduser().resolve()}"


def sqlite_path(url: str) -> Path | None:
    """The file of a ``sqlite:///`` URL, or None for other databases and in-memory SQLite."""
    prefix = "sqlite:///"
    if not url.startswith(prefix) or url == "sqlite://" or url.endswith(":memory:"):
        return None
    return Path(url[len(prefix) :].split("?", 1)[0])


def open_engine(url: str, *, create: bool = True):
    """A SQLAlchemy engine on ``url`` with the schema up to date; RlveError (one line) when it cannot open."""
    from sqlalchemy import create_engine, event
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from rlve_trainer.history import migrations

    path = sqlite_path(url)
    if path is not None:
        if not path.exists() and not create:
            raise RlveError(f"no history database at {path}; run `rlve train` first, or pass --db / --output")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise RlveError(f"cannot create the folder of the history database {path}: {error}") from error
    try:
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000} if path is not None else {})
    except (ArgumentError, SQLAlchemyError, ImportError, ValueError) as error:
        message = f"cannot use database URL {url!r}: {first_line(error)}; pass a SQLAlchemy URL or a file path"
        raise RlveError(message) from None
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection, _record) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA synchronous = NORMAL")
            cursor.execute("PRAGMA foreign_keys = ON")
            cursor.close()

    try:
        migrations.upgrade(engine)
    except SQLAlchemyError as error:
        engine.dispose()
        raise RlveError(f"cannot open the history database {url!r}: {first_line(error)}") from None
    return engine


def first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__
