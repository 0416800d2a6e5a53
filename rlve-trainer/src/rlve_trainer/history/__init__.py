"""The training history: one SQL database (SQLite by default, any SQLAlchemy URL) that users query directly.

``models`` defines the tables (a public interface, documented in the README), ``migrations`` upgrades an
older database in place, ``writer`` batches writes on a background thread, ``queries`` answers the
``rlve history`` commands.
"""
