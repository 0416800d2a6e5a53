"""The training history: one SQL database (SQLite by default, any SQLAlchemy URL) that users query directly.

``models`` defines the tables (a public interface, documented in the README), ``migrations`` (each one
registers itself with ``@migration``) upgrades an older database in place, ``store`` keeps a run's row,
``run_history`` is what a training run reports to, ``writer`` batches its writes on a background thread,
``queries`` answers the ``rlve history`` commands.
"""
