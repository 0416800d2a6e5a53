"""Opening the history database: URLs, SQLite pragmas (WAL, busy timeout), readable errors."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

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
    from sqlalchemy import event
    from sqlalchemy.exc import SQLAlchemyError

    from rlve_trainer.history import migrations

    path = sqlite_path(url)
    if path is not None:
        if not path.exists() and not create:
            raise RlveError(no_database_message(path))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise RlveError(f"cannot create the folder of the history database {path}: {error}") from error
    engine = _create_engine(url, path)
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


def no_database_message(path: Path) -> str:
    return f"no history database at {path}; run `rlve train` first, or pass --db / --output"


def _create_engine(url: str, path: Path | None, **connect_args):
    from sqlalchemy import create_engine
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    if path is not None:
        connect_args.setdefault("timeout", BUSY_TIMEOUT_MS / 1000)
    try:
        return create_engine(url, connect_args=connect_args)
    except (ArgumentError, SQLAlchemyError, ImportError, ValueError) as error:
        message = f"cannot use database URL {url!r}: {first_line(error)}; pass a SQLAlchemy URL or a file path"
        raise RlveError(message) from None


def check_url(url: str) -> None:
    """What ``open_engine(url)`` would refuse, found without creating or connecting to anything.

    A SQLite file's folder must exist or be creatable (its nearest existing ancestor is a writable folder);
    any other URL must name a dialect and driver that are installed.
    """
    path = sqlite_path(url)
    if path is not None:
        if path.exists():
            if not path.is_file():
                raise RlveError(f"the history database {path} is not a file; pass --db / --output")
            return
        ancestor = path.parent
        while not ancestor.exists() and ancestor != ancestor.parent:
            ancestor = ancestor.parent
        if not ancestor.is_dir() or not os.access(ancestor, os.W_OK | os.X_OK):
            what = "is not a folder" if not ancestor.is_dir() else "is not writable"
            raise RlveError(f"cannot create the folder of the history database {path}: {ancestor} {what}")
        return
    _create_engine(url, None).dispose()


class ReadOnlyViolation(RlveError):
    """A statement given to a read-only connection (``rlve history sql``) would have changed the database."""


#: SQLite authorizer actions that change a database (or attach another file, which creates it).
_WRITE_ACTIONS = {
    name: getattr(sqlite3, name)
    for name in dir(sqlite3)
    if name.startswith(("SQLITE_CREATE_", "SQLITE_DROP_"))
    or name
    in (
        "SQLITE_INSERT",
        "SQLITE_UPDATE",
        "SQLITE_DELETE",
        "SQLITE_ALTER_TABLE",
        "SQLITE_ATTACH",
        "SQLITE_DETACH",
        "SQLITE_REINDEX",
        "SQLITE_ANALYZE",
    )
}
_WRITE_NAMES = {code: name.removeprefix("SQLITE_").replace("_", " ") for name, code in _WRITE_ACTIONS.items()}


class ReadOnlyConnection(sqlite3.Connection):
    """A SQLite connection whose authorizer refuses writes and remembers what it refused (``refused``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.refused: list[str] = []

    def authorize(self, action: int, arg1, arg2, database, source) -> int:
        if action in _WRITE_NAMES:
            self.refused.append(f"{_WRITE_NAMES[action]} {arg1}" if arg1 else _WRITE_NAMES[action])
            return sqlite3.SQLITE_DENY
        return sqlite3.SQLITE_OK


def open_readonly(url: str):
    """An engine that cannot change the database at ``url``, for users' own SQL (``rlve history sql``).

    SQLite is opened with ``mode=ro`` and ``query_only``, and an authorizer refuses every statement that
    would write, create, drop or attach, before it runs (``ATTACH`` and ``VACUUM INTO`` would otherwise
    create files); such a statement raises ReadOnlyViolation. PostgreSQL and MySQL sessions are made
    read-only; on any other database the statement's changes are rolled back (see ``run_sql``).
    """
    from sqlalchemy import event

    path = sqlite_path(url)
    if path is not None:
        if not path.is_file():
            raise RlveError(no_database_message(path))
        from sqlalchemy import create_engine

        uri = f"file:{quote(str(path))}?mode=ro"

        def connect():
            connection = sqlite3.connect(
                uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False, factory=ReadOnlyConnection
            )
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            connection.execute("PRAGMA query_only = ON")
            connection.set_authorizer(connection.authorize)
            return connection

        return create_engine("sqlite://", creator=connect)
    engine = _create_engine(url, None)
    if engine.dialect.name == "postgresql":
        statement = "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"
    elif engine.dialect.name in ("mysql", "mariadb"):
        statement = "SET SESSION TRANSACTION READ ONLY"
    else:
        return engine

    @event.listens_for(engine, "connect")
    def _read_only(dbapi_connection, _record) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(statement)
        cursor.close()

    return engine


def first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__
