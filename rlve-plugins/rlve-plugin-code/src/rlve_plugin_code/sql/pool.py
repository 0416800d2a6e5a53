"""In-memory SQLite connections with the company schema, kept and refilled for the generator's own queries
(``holding`` and ``release``).

code/sql_query opens a copy of each database it draws, and of each edited one it tries. A new connection
costs its schema (``executescript``) on top of the rows; emptying the tables of a kept one and inserting the
new rows costs about a third of that, and its statement cache keeps our queries compiled. A refilled
connection answers as a new one: the tables are emptied whole (rowids start again from 1, so a scan meets the
rows in the same order), there are no other objects, statistics or settings to carry over, and only our own
read-only queries run on it. Kept per thread (a connection belongs to the thread that made it) and per process.
"""

from __future__ import annotations

import os
import sqlite3
import threading

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
