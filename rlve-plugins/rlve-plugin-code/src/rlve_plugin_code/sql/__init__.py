"""The SQL tasks' shared code: a small company database, queries over it, and the hidden databases.

- ``data.py``: the schema, drawing a database (``draw_database``), editing a copy of one (``Draft``);
- ``forms.py``: a query's structured form (``Form``, its conditions as a small tree) and its SQL;
- ``queries.py``: drawing conditions and a checked query with an exact English description;
- ``variants.py``: the near variants of a query (one slip away from it);
- ``separating.py`` and ``edits.py``: finding hidden databases that tell the query apart from every variant;
- ``tasks.py``: what code/sql_query and code/sql_output draw (``draw_sql_task``) and how they show it.
"""
