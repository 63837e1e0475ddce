"""Batch verification jobs: the database (store), the in-process runner, formats and callbacks."""
