"""The KB directory lock is the process's, not a thread's: the app opens the store on one worker
thread and closes it on another, and the directory must be free afterwards."""

from __future__ import annotations

import threading

from retrieval.knowledge_base import ChromaKnowledgeBase, check_directory_free


def test_a_kb_opened_on_one_thread_and_closed_on_another_frees_its_directory(tmp_path):
    opened: list[ChromaKnowledgeBase] = []
    opener = threading.Thread(
        target=lambda: opened.append(
            ChromaKnowledgeBase.open_embedded(tmp_path / "kb", "lock_test")
        )
    )
    opener.start()
    opener.join()
    closer = threading.Thread(target=opened[0].close)
    closer.start()
    closer.join()
    check_directory_free(tmp_path / "kb")  # raises KnowledgeBaseLocked if the lock leaked
