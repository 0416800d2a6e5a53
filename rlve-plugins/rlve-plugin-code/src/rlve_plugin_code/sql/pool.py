"""In-memory SQLite connections with the company schema, kept and refilled for the generator's own queries
(``holding`` and ``release``).

code/sql_query opens a copy of each database it draws, and of each edited one it tries. A new connection
costs its schema (``executescript``) on top of the rows; emptying the tables of a kept one and inserting the
new rows costs about a third of that, and its statement cache keeps our queries compiled. A refilled
connection answers as a new one: the tables are emptied whole (rowids start again from 1, so a scan meets the
rows in the same order), there are no other objects, statistics or settings to carry over, and only our own
read-only queries run on it. Kept per thread (a connection belongs to the thread that made it) and per process.

A ``Deferred`` copy is written to a kept connection only when a query first runs on it: code/sql_query computes
most of what it asks of a database from the rows in Python, and never writes most copies to SQLite at all.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterable
from typing import Any

from rlve_plugin_code.sql.data import Database

#: Connections kept per thread: a task holds the shown and hidden databases plus one scratch copy.
MOST_KEPT = 8

_kept = threading.local()


def _idle() -> list[sqlite3.Connection]:
    idle = getattr(_kept, "connections", None)
    if idle is None or _kept.pid != os.getpid():  # a forked child starts its own: SQLite connections stay home
        idle = _kept.connections = []
        _kept.pid = os.getpid()
    return idle


def refill(connection: sqlite3.Connection, database: Database) -> None:
    """Replace the rows of every table of ``connection`` (made by ``Database.connect``) by ``database``'s."""
    for table in database.tables:
        connection.execute(f"DELETE FROM {table}")  # emptied whole: rowids start again from 1
    for table, rows in database.tables.items():
        if rows:
            connection.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(rows[0]))})", rows)
    connection.commit()


def holding(database: Database) -> sqlite3.Connection:
    """A connection holding a copy of ``database``: a kept one refilled, or a new one."""
    idle = _idle()
    if not idle:
        return database.connect()
    connection = idle.pop()
    refill(connection, database)
    return connection


def release(connection: sqlite3.Connection) -> None:
    """Keep ``connection`` for another ``holding`` (or close it, past MOST_KEPT)."""
    idle = _idle()
    if len(idle) < MOST_KEPT:
        idle.append(connection)
    else:
        connection.close()


class Deferred:
    """A copy of ``database`` (``hold`` another one) that is written to a kept connection when a query first
    runs on it (``execute``); ``close`` gives the connection back, if one was taken."""

    def __init__(self, database: Database | None = None):
        self.database = database
        self.connection: sqlite3.Connection | None = None
        self.written = False

    def hold(self, database: Database) -> Deferred:
        self.database = database
        self.written = False
        return self

    def execute(self, sql: str) -> Iterable[tuple[Any, ...]]:
        if self.database is None:
            raise RuntimeError("a deferred copy holds no database yet: hold() one before querying it")
        if not self.written:
            if self.connection is None:
                self.connection = holding(self.database)
            else:
                refill(self.connection, self.database)
            self.written = True
        return self.connection.execute(sql)

    def close(self) -> None:
        if self.connection is not None:
            release(self.connection)
            self.connection = None
