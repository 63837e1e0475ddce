"""Alembic environment: run on the connection JobStore.open hands over (never a URL from a file)."""

from alembic import context

from jobs.tables import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
